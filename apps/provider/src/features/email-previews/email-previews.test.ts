/** Issue 21 "Emails": the console previews every email a project sends, from the real templates, with no live token. */
import { describe, expect, it } from 'vitest';
import { countRows } from '../../../test/row-counts.js';
import { devProjectAuthorization, postServerApi } from '../../../test/server-api-calls.js';
import { json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { cryptoRandom } from '../../random.js';
import { renderMagicLinkEmail } from '../magic-links/magic-link-email.js';
import { createOperatorKey } from '../operator-keys/operator-keys.service.js';
import { SAMPLE_TOKEN } from './email-preview-catalog.js';

const ctx = useTestContext();

async function previews(projectId: string, authorization?: string) {
  const credential =
    authorization ??
    `Bearer ${(await createOperatorKey(ctx.db, { clock: ctx.clock, random: cryptoRandom }, 'previews')).secret}`;
  return ctx.app.inject({
    method: 'GET',
    url: `/v1/projects/${projectId}/email_previews`,
    headers: { authorization: credential },
  });
}

describe('GET /v1/projects/{project_id}/email_previews', () => {
  it('renders each email the project sends with its name, from the templates the senders use', async () => {
    const project = await ctx.givenProject({
      name: 'Acme <Rockets>',
      defaultLoginRedirectUrl: 'https://acme.example/authenticate',
    });
    const answer = await previews(project.project_id);
    expect(answer.statusCode).toBe(200);
    const list = json(answer).email_previews as Array<Record<string, string>>;
    const kinds = list.map((p) => p.kind);
    for (const kind of [
      'magic_link_login',
      'magic_link_signup',
      'otp_login',
      'password_reset',
      'password_changed',
      'password_locked_notice',
      'second_factor_locked_notice',
      'passcode_locked_notice',
    ]) {
      expect(kinds).toContain(kind);
    }
    for (const preview of list) {
      expect(preview.subject.length).toBeGreaterThan(0);
      expect(preview.title.length).toBeGreaterThan(0);
      expect(preview.html).toMatch(/^<!doctype html>/i);
      expect(preview.text.length).toBeGreaterThan(0);
      // The name is the project's, escaped in HTML.
      expect(`${preview.subject}${preview.text}`).toContain('Acme <Rockets>');
      expect(preview.html).not.toContain('<Rockets>');
    }
    const login = list.find((p) => p.kind === 'magic_link_login');
    // Exactly what the sender renders, given the same values.
    const sent = renderMagicLinkEmail({
      purpose: 'login',
      to: 'ada@example.com',
      projectName: 'Acme <Rockets>',
      link: `https://acme.example/authenticate?stytch_token_type=magic_links&token=${SAMPLE_TOKEN}`,
      expiresInMinutes: project.project.magicLinkExpirationMinutes,
    });
    expect(login).toMatchObject({ subject: sent.subject, html: sent.html, text: sent.text });
  });

  it('issues nothing (no magic link is stored), and the sample token redeems nothing', async () => {
    const before = await countRows(ctx, 'magic_links');
    expect((await previews(ctx.dev.project_id)).statusCode).toBe(200);
    expect(await countRows(ctx, 'magic_links')).toBe(before);
    const redeem = await postServerApi(ctx, '/v1/magic_links/authenticate', devProjectAuthorization(ctx), {
      token: SAMPLE_TOKEN,
    });
    expect(redeem.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('answers 404 for an unknown project and refuses a project secret', async () => {
    const unknown = await previews('project-test-nope');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).error_type).toBe('project_not_found');
    const asProject = await previews(ctx.dev.project_id, devProjectAuthorization(ctx));
    expect(asProject.statusCode).toBe(403);
    expect(json(asProject).error_type).toBe('operator_credential_required');
  });
});

describe('the From and To of a preview', () => {
  it("is the deployment's sender until the project names its own, part by part, as on sending", async () => {
    const project = await ctx.givenProject({ name: 'Senders' });
    const key = (await createOperatorKey(ctx.db, { clock: ctx.clock, random: cryptoRandom }, 'from')).secret;
    const fromOf = async () => {
      const list = json(await previews(project.project_id, `Bearer ${key}`)).email_previews as Array<
        Record<string, string>
      >;
      expect(new Set(list.map((p) => p.to))).toEqual(new Set(['ada@example.com']));
      return new Set(list.map((p) => p.from));
    };
    // The test app's LATCHKEY_MAIL_FROM is the default.
    expect(await fromOf()).toEqual(new Set(['Latchkey <no-reply@localhost>']));
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/projects/${project.project_id}`,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: { email_sender_name: 'Acme Rockets', email_sender_address: 'hello@acme.example' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await fromOf()).toEqual(new Set(['Acme Rockets <hello@acme.example>']));
  });
});
