/**
 * A chosen email template (`*_template_id`) is refused with a 400 naming the field on every call that
 * sends an email, browser and server: Latchkey has no selectable templates, and sending the project's
 * email instead of the one asked for would be a silent surprise. Absent or `""` sends as before.
 */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../test/magic-link-helpers.js';
import { sdkPost } from '../../test/sdk-call.js';
import { devProjectAuthorization } from '../../test/server-api-calls.js';
import { sendSnapshot, serverSend } from '../../test/server-send-calls.js';
import { basic, statusAndErrorType } from '../../test/test-app.js';
import { useTestContext } from '../../test/use-test-context.js';
import { givenServerUser } from '../../test/user-management-calls.js';
import { chosenTemplateIdField } from './email-template-ids.js';

const ctx = useTestContext();

/** Each sending call and the template field(s) it knows, browser (`/sdk/v1`) and server (`/v1`). */
const BROWSER_CALLS: [string, string[]][] = [
  ['/magic_links/email/login_or_create', ['login_template_id', 'signup_template_id']],
  ['/magic_links/email/send/primary', ['login_template_id', 'signup_template_id']],
  ['/otps/email/login_or_create', ['login_template_id', 'signup_template_id']],
  ['/passwords/email/reset/start', ['reset_password_template_id']],
];
const SERVER_CALLS: [string, string[]][] = [
  ['/v1/magic_links/email/login_or_create', ['login_template_id', 'signup_template_id']],
  ['/v1/magic_links/email/send', ['login_template_id', 'signup_template_id']],
  ['/v1/magic_links/email/invite', ['invite_template_id']],
  ['/v1/otps/email/login_or_create', ['login_template_id', 'signup_template_id']],
  ['/v1/otps/email/send', ['login_template_id', 'signup_template_id']],
  ['/v1/passwords/email/reset/start', ['reset_password_template_id']],
];

let fresh = 0;
const freshEmail = () => `template-${++fresh}@example.com`;

function expectRefusalNaming(response: { statusCode: number; body: string }, field: string, label: string) {
  const body = JSON.parse(response.body);
  expect([response.statusCode, body.error_type], label).toEqual([400, 'invalid_request']);
  expect(body.error_message, label).toContain(field);
  expect(body.body, label).toEqual([{ dataPath: `.${field}`, message: expect.stringContaining('template') }]);
}

describe('*_template_id', () => {
  it.each([
    ['browser', BROWSER_CALLS, sdkPost],
    ['server', SERVER_CALLS, serverSend],
  ] as const)(
    'a non-empty template id → 400 naming it on every %s send, nothing stored or sent',
    async (_, calls, send) => {
      for (const [path, fields] of calls) {
        for (const field of fields) {
          const before = await sendSnapshot(ctx);
          const response = await send(ctx, path, { email: freshEmail(), [field]: 'tpl-welcome' });
          expectRefusalNaming(response, field, `${path} ${field}`);
          expect(await sendSnapshot(ctx), `${path} ${field}`).toEqual(before);
        }
      }
    },
  );

  it('absent or empty → the send goes ahead as before', async () => {
    for (const [path, fields] of BROWSER_CALLS) {
      const response = await sdkPost(ctx, path, { email: freshEmail(), [fields[0] as string]: '' });
      expect(response.statusCode, `${path} ${response.body}`).toBe(200);
    }
    for (const [path, fields] of SERVER_CALLS) {
      // `send` is for an address a user has; an existing user suits every call but the invitation.
      const email = freshEmail();
      if (!path.endsWith('/invite')) await givenServerUser(ctx, { email });
      const response = await serverSend(ctx, path, { email, [fields[0] as string]: '' });
      expect(response.statusCode, `${path} ${response.body}`).toBe(200);
    }
  });

  it('credentials are checked first: a bad secret or a session token learns nothing about the field', async () => {
    const signedIn = await givenSignedInUser(ctx, 'template-forbidden@example.com');
    const body = { email: freshEmail(), login_template_id: 'tpl' };
    const wrong = await serverSend(
      ctx,
      '/v1/otps/email/send',
      body,
      basic(ctx.dev.project_id, 'secret-nope'),
    );
    expect(wrong.statusCode).toBe(401);
    const session = await serverSend(
      ctx,
      '/v1/otps/email/send',
      body,
      basic(ctx.dev.project_id, signedIn.session_token),
    );
    expect(statusAndErrorType(session)).toEqual([403, 'session_token_forbidden']);
    // And the right secret reaches the check.
    const right = await serverSend(ctx, '/v1/otps/email/send', body, devProjectAuthorization(ctx));
    expect(right.statusCode).toBe(400);
  });
});

describe('chosenTemplateIdField', () => {
  it('finds the first top-level *_template_id with a value; absent, null and "" are no choice', () => {
    expect(chosenTemplateIdField({ email: 'a@b.c', login_template_id: 'x' })).toBe('login_template_id');
    expect(chosenTemplateIdField({ login_template_id: '', signup_template_id: 'y' })).toBe(
      'signup_template_id',
    );
    expect(
      chosenTemplateIdField({ login_template_id: '', reset_password_template_id: null }),
    ).toBeUndefined();
    expect(chosenTemplateIdField({ nested: { login_template_id: 'x' } })).toBeUndefined();
    expect(chosenTemplateIdField({ template_idx: 'x', template: 'x' })).toBeUndefined();
    expect(chosenTemplateIdField(undefined)).toBeUndefined();
    expect(chosenTemplateIdField(['login_template_id'])).toBeUndefined();
  });
});
