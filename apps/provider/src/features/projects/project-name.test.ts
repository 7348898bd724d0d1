/**
 * Issue 17 item 10: emails carry the project's display name. Clickwise's own development project
 * (as `npm start` makes it) sends "Finish creating your Clickwise account", never the demo's
 * "Development project"; and a project renamed later is named so in its next emails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFor, requestMagicLink } from '../../../test/magic-link-helpers.js';
import { sendOtp } from '../../../test/otp-helpers.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { cryptoRandom } from '../../random.js';
import { ensureDevProject } from './dev-project.js';
import { PROJECT_CACHE_TTL_MS } from './project-lookup.js';
import { checkProjectName, MAX_PROJECT_NAME_LENGTH } from './project-name.js';
import { renameProject } from './projects.service.js';

const ctx = useTestContext();
let dataDir: string;
let clickwise: { project_id: string; public_token: string };
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'latchkey-project-name-'));
  const authenticate = 'http://localhost:3000/user/authenticate';
  ({ credentials: clickwise } = await ensureDevProject(
    ctx.db,
    { clock: ctx.clock, random: cryptoRandom, dataDir },
    { key: 'clickwise', name: 'Clickwise', loginRedirectUrl: authenticate, signupRedirectUrl: authenticate },
  ));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("emails say the project's name", () => {
  it("Clickwise's sign-up link: 'Finish creating your Clickwise account', in subject and both bodies", async () => {
    const response = await requestMagicLink(ctx, 'new-visitor@example.com', {}, clickwise.public_token);
    expect(response.statusCode).toBe(200);
    const [message] = await outboxFor(ctx, 'new-visitor@example.com');
    expect(message?.subject).toBe('Finish creating your Clickwise account');
    expect(message?.text).toContain('finish creating your Clickwise account');
    expect(message?.text).toContain('http://localhost:3000/user/authenticate?stytch_token_type=magic_links');
    expect(message?.html).toContain('Finish creating your Clickwise account');
    expect(JSON.stringify(message)).not.toContain('Development project');
  });

  it("Clickwise's sign-in link and passcode say Clickwise too", async () => {
    await requestMagicLink(ctx, 'new-visitor@example.com', {}, clickwise.public_token);
    const [login] = await outboxFor(ctx, 'new-visitor@example.com');
    expect(login?.subject).toBe('Your sign-in link for Clickwise');
    expect(login?.text).toContain('sign in to Clickwise');
    await sendOtp(ctx, 'email', 'new-visitor@example.com', { publicToken: clickwise.public_token });
    const [code] = await outboxFor(ctx, 'new-visitor@example.com');
    expect(code?.subject).toBe('Your Clickwise code');
    expect(code?.text).toMatch(/^Your Clickwise code is \d{6}/);
  });

  it("the development project's emails keep its own name", async () => {
    await requestMagicLink(ctx, 'demo-visitor@example.com');
    const [message] = await outboxFor(ctx, 'demo-visitor@example.com');
    expect(message?.subject).toBe('Finish creating your Development project account');
  });

  it('a renamed project is named so in its next emails (once the project cache has expired)', async () => {
    const renamed = await renameProject(ctx.db, clickwise.project_id, 'Clickwise Ads');
    expect(renamed?.name).toBe('Clickwise Ads');
    ctx.clock.advance(PROJECT_CACHE_TTL_MS + 1);
    await requestMagicLink(ctx, 'later-visitor@example.com', {}, clickwise.public_token);
    const [message] = await outboxFor(ctx, 'later-visitor@example.com');
    expect(message?.subject).toBe('Finish creating your Clickwise Ads account');
    expect(message?.text).toContain('finish creating your Clickwise Ads account');
  });

  it('renaming a project that does not exist changes nothing and says so', async () => {
    expect(
      await renameProject(ctx.db, 'project-test-00000000-0000-0000-0000-000000000000', 'X'),
    ).toBeUndefined();
  });
});

describe('checkProjectName', () => {
  it('trims a name and accepts up to the maximum length, in any script', () => {
    expect(checkProjectName('  Clickwise  ')).toEqual({ ok: true, name: 'Clickwise' });
    expect(checkProjectName('Café Ölçü 東京')).toEqual({ ok: true, name: 'Café Ölçü 東京' });
    expect(checkProjectName('x'.repeat(MAX_PROJECT_NAME_LENGTH)).ok).toBe(true);
  });

  it.each([
    ['empty', '   '],
    ['too long', 'x'.repeat(MAX_PROJECT_NAME_LENGTH + 1)],
    ['a line break (a forged email header)', 'Clickwise\r\nBcc: victim@example.com'],
    ['a control character', 'Click\u0007wise'],
    ['a Unicode line separator', 'Click\u2028wise'],
  ])('refuses a name that is %s', (_what, name) => {
    expect(checkProjectName(name).ok).toBe(false);
  });
});
