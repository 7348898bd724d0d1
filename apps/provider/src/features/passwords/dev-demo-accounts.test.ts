/** The development project's demo accounts reach the widget's Breached and Dedupe screens (issue 17 item 11). */
import { beforeAll, describe, expect, it } from 'vitest';
import { sdkPost } from '../../../test/sdk-call.js';
import { json, TEST_ARGON2 } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { createPasswordHasher } from '../../crypto/password-hasher.js';
import { cryptoRandom } from '../../random.js';
import { DEV_DEMO_ACCOUNTS, ensureDevDemoAccounts } from './dev-demo-accounts.js';

const ctx = useTestContext();
const hasher = createPasswordHasher({ parameters: TEST_ARGON2 });
const ensure = () =>
  ensureDevDemoAccounts(ctx.db, { clock: ctx.clock, random: cryptoRandom, hasher }, ctx.dev.project);
const account = (email: string) => DEV_DEMO_ACCOUNTS.find((a) => a.email === email)!;

beforeAll(async () => {
  await ensure();
});

const post = (url: string, payload: object) => sdkPost(ctx, url, payload);

describe('dev demo accounts', () => {
  it.each(DEV_DEMO_ACCOUNTS)(
    '$email has a password, so the widget opens the login form',
    async ({ email }) => {
      const response = await post('/users/search', { email });
      expect(response.statusCode).toBe(200);
      expect(json(response).data.userType).toBe('password');
    },
  );

  it.each([
    [
      'breached@example.com',
      'and its password counts as breached (PasswordBreached)',
      { breached_password: true },
    ],
    [
      'dedupe@example.com',
      'though its password is strong (PasswordDedupe)',
      { breached_password: false, valid_password: true },
    ],
  ])('%s: the login asks for a reset, %s', async (email, _, strength) => {
    const { password } = account(email);
    const login = await post('/passwords/authenticate', { email, password, session_duration_minutes: 30 });
    expect(login.statusCode).toBe(400);
    expect(json(login).error_type).toBe('reset_password');
    expect(json(await post('/passwords/strength_check', { email, password })).data).toMatchObject(strength);
  });

  it('a second start keeps one account each and puts a changed password back', async () => {
    const { email } = account('dedupe@example.com');
    await ctx.db.updateTable('passwords').set({ requires_reset: false }).execute();
    await ensure();
    const emails = await ctx.db.selectFrom('emails').select('user_id').where('email', '=', email).execute();
    expect(emails).toHaveLength(1);
    const row = await ctx.db
      .selectFrom('passwords')
      .select('requires_reset')
      .where('user_id', '=', emails[0]!.user_id)
      .executeTakeFirstOrThrow();
    expect(row.requires_reset).toBe(true);
  });
});
