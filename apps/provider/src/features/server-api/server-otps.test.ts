/** Server-facing POST /v1/otps/{email,sms,whatsapp}/send|login_or_create and /v1/otps/authenticate with Basic project_id:secret. */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import { latestCode, wrongCode } from '../../../test/otp-helpers.js';
import {
  devProjectAuthorization,
  expectForbiddenWithoutSecret,
  expectLiveSession,
  flatServerAnswer,
  postServerApi,
} from '../../../test/server-api-calls.js';
import { actorsOf, sendSnapshot, serverSend } from '../../../test/server-send-calls.js';
import { json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { givenServerUser, usersApi } from '../../../test/user-management-calls.js';
import { DEFAULT_SEND_LIMITS } from '../projects/send-limits.js';

// The default send limits, so the recipient interval applies.
const ctx = useTestContext({ devProject: { sendLimits: DEFAULT_SEND_LIMITS } });

const authenticate = (payload: Record<string, unknown>) =>
  postServerApi(ctx, '/v1/otps/authenticate', devProjectAuthorization(ctx), payload);

/** The recipient interval of the send limits (60 s by default) has passed. */
const afterRecipientInterval = () => ctx.clock.advance(61_000);

const CHANNELS = [
  { channel: 'email', to: 'server-otp@example.com', field: 'email', id: 'email_id' },
  { channel: 'sms', to: '+14155552671', field: 'phone_number', id: 'phone_id' },
  { channel: 'whatsapp', to: '+447911123456', field: 'phone_number', id: 'phone_id' },
] as const;

/** `GET /v1/users/{userId}` finds the user, holding the address or number `methodId`. */
async function expectUserHasMethod(userId: string, methodId: string) {
  const user = await usersApi(ctx, 'GET', `/v1/users/${userId}`);
  expect(user.statusCode).toBe(200);
  const { emails, phone_numbers } = json(user);
  expect([
    ...emails.map((e: { email_id: string }) => e.email_id),
    ...phone_numbers.map((p: { phone_id: string }) => p.phone_id),
  ]).toEqual([methodId]);
}

describe.each(CHANNELS)('POST /v1/otps/$channel/*', ({ channel, to, field, id }) => {
  it('login_or_create creates the user (user_created); /v1/otps/authenticate trades the code for a session', async () => {
    const sent = await serverSend(ctx, `/v1/otps/${channel}/login_or_create`, { [field]: to });
    expect(sent.statusCode, sent.body).toBe(200);
    const answer = json(sent);
    expect(answer).toEqual({
      status_code: 200,
      request_id: expect.any(String),
      user_id: expect.stringMatching(/^user-test-/),
      [id]: expect.any(String),
      user_created: true,
    });
    // The account exists with the answer, before the delivery worker has run.
    await expectUserHasMethod(answer.user_id, answer[id]);
    expect(await actorsOf(ctx, answer.user_id)).toEqual(['user.created:project']);
    const code = await latestCode(ctx, to);
    const signedIn = await authenticate({
      method_id: answer[id],
      code,
      session_duration_minutes: 30,
      attributes: { ip_address: '198.51.100.4', user_agent: 'Tablet' },
    });
    const body = flatServerAnswer(signedIn);
    expect(body).toMatchObject({ user_id: answer.user_id, method_id: answer[id] });
    expect(body.session.attributes).toEqual({ ip_address: '198.51.100.4', user_agent: 'Tablet' });
    expect(body.session.authentication_factors[0]).toMatchObject({ type: 'otp', delivery_method: channel });
    await expectLiveSession(ctx, body);
    expect(await actorsOf(ctx, answer.user_id)).toEqual(['session.created:project', 'user.created:project']);
    // Single use.
    const again = await authenticate({ method_id: answer[id], code });
    expect(statusAndErrorType(again)).toEqual([401, 'unable_to_auth_otp_code']);

    afterRecipientInterval();
    const known = await serverSend(ctx, `/v1/otps/${channel}/login_or_create`, { [field]: to });
    expect(json(known)).toMatchObject({ user_id: answer.user_id, [id]: answer[id], user_created: false });
  });

  it('send: a code to a user who has it; nobody has it → 404, nothing stored or sent', async () => {
    const known =
      channel === 'email' ? 'otp-known@example.com' : channel === 'sms' ? '+14155550160' : '+14155550161';
    const user = await givenServerUser(ctx, { [field]: known });
    const sent = await serverSend(ctx, `/v1/otps/${channel}/send`, { [field]: known, expiration_minutes: 5 });
    expect(json(sent)).toEqual({
      status_code: 200,
      request_id: expect.any(String),
      user_id: user.user_id,
      [id]: expect.any(String),
    });
    const signedIn = await authenticate({ method_id: json(sent)[id], code: await latestCode(ctx, known) });
    expect(json(signedIn).user_id).toBe(user.user_id);

    const before = await sendSnapshot(ctx);
    const nobody = channel === 'email' ? 'nobody@example.com' : '+14155550199';
    const unknown = await serverSend(ctx, `/v1/otps/${channel}/send`, { [field]: nobody });
    const notFound = channel === 'email' ? 'email_not_found' : 'phone_number_not_found';
    expect(statusAndErrorType(unknown)).toEqual([404, notFound]);
    expect(await sendSnapshot(ctx)).toEqual(before);
  });
});

describe('a code that adds an address or number to a user', () => {
  it('send with user_id, session_token or session_jwt; only that user’s session redeems it; factor.added by the project', async () => {
    const signedIn = await givenSignedInUser(ctx, 'otp-owner@example.com');
    const cases: [string, Record<string, unknown>][] = [
      ['+14155550111', { user_id: signedIn.user_id }],
      ['+14155550112', { session_token: signedIn.session_token }],
      ['+14155550113', { session_jwt: signedIn.session_jwt }],
    ];
    for (const [phone, who] of cases) {
      const sent = await serverSend(ctx, '/v1/otps/sms/send', { phone_number: phone, ...who });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(json(sent).user_id).toBe(signedIn.user_id);
      const code = await latestCode(ctx, phone);
      const alone = await authenticate({ method_id: json(sent).phone_id, code });
      expect(json(alone).error_type).toBe('unable_to_auth_otp_code');
      const added = await authenticate({
        method_id: json(sent).phone_id,
        code,
        session_token: signedIn.session_token,
      });
      expect(added.statusCode, added.body).toBe(200);
      expect(json(added).session.session_id).toBe(signedIn.session.session_id);
      expect(json(added).user.phone_numbers.map((p: { phone_number: string }) => p.phone_number)).toContain(
        phone,
      );
    }
    const added = (await actorsOf(ctx, signedIn.user_id)).filter((a) => a.startsWith('factor.added'));
    expect(added).toEqual(['factor.added:project', 'factor.added:project', 'factor.added:project']);
  });

  it("someone else's number with a user → 400 duplicate_phone_number, nothing sent", async () => {
    const mine = await givenServerUser(ctx, { email: 'otp-mine@example.com' });
    await givenServerUser(ctx, { phone_number: '+14155550120' });
    const before = await sendSnapshot(ctx);
    const response = await serverSend(ctx, '/v1/otps/sms/send', {
      phone_number: '+14155550120',
      user_id: mine.user_id,
    });
    expect(statusAndErrorType(response)).toEqual([400, 'duplicate_phone_number']);
    expect(await sendSnapshot(ctx)).toEqual(before);
  });
});

describe('POST /v1/otps/authenticate', () => {
  async function freshCode(email: string) {
    const sent = await serverSend(ctx, '/v1/otps/email/login_or_create', { email });
    return { method_id: json(sent).email_id as string, code: await latestCode(ctx, email) };
  }

  it('session_custom_claims reach the session and its JWT; a reserved claim is 400 and costs no attempt', async () => {
    const { method_id, code } = await freshCode('otp-claims@example.com');
    const reserved = await authenticate({ method_id, code, session_custom_claims: { sub: 'someone' } });
    expect(statusAndErrorType(reserved)).toEqual([400, 'invalid_request']);
    const signedIn = await authenticate({ method_id, code, session_custom_claims: { plan: 'pro' } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(json(signedIn).session.custom_claims).toEqual({ plan: 'pro' });
    const payload = JSON.parse(Buffer.from(json(signedIn).session_jwt.split('.')[1], 'base64url').toString());
    expect(payload.plan).toBe('pro');
  });

  it('wrong codes count as on the browser side: the fifth kills the code, even for the right one after', async () => {
    const { method_id, code } = await freshCode('otp-attempts@example.com');
    for (let i = 0; i < 5; i++) {
      const wrong = await authenticate({ method_id, code: wrongCode(code) });
      expect(statusAndErrorType(wrong)).toEqual([401, 'unable_to_auth_otp_code']);
    }
    const right = await authenticate({ method_id, code });
    expect(json(right).error_message).toMatch(/Too many attempts/);
  });

  it('bad input → 400 naming the field, no attempt counted; asking for an IP or browser match → 400', async () => {
    const { method_id, code } = await freshCode('otp-bad@example.com');
    const cases: [Record<string, unknown>, string][] = [
      [{ method_id }, 'code'],
      [{ method_id, code: '12345' }, 'code'],
      [{ code }, 'method_id'],
      [{ method_id, code, token: code }, 'token'],
      [{ method_id, code, session_duration_minutes: 0 }, 'session_duration_minutes'],
      [{ method_id, code, options: { ip_match_required: true } }, 'ip_match_required'],
    ];
    for (const [payload, field] of cases) {
      const response = await authenticate(payload);
      expect(statusAndErrorType(response), JSON.stringify(payload)).toEqual([400, 'invalid_request']);
      expect(JSON.stringify(json(response).body ?? []) + json(response).error_message).toContain(field);
    }
    expect((await authenticate({ method_id, code })).statusCode).toBe(200);
  });
});

describe('every passcode send refuses bad input, floods and the wrong credentials', () => {
  const sends = CHANNELS.flatMap(({ channel, field }) =>
    ['send', 'login_or_create'].map((endpoint) => ({ path: `/v1/otps/${channel}/${endpoint}`, field })),
  );

  it('bad input → 400 naming the field; nothing stored or sent', async () => {
    const before = await sendSnapshot(ctx);
    for (const { path, field } of sends) {
      const valid = field === 'email' ? 'valid@example.com' : '+14155550130';
      const cases: [Record<string, unknown>, string, string][] = [
        [{}, 'invalid_request', field],
        [{ [field]: valid, colour: 'blue' }, 'invalid_request', 'colour'],
        [{ [field]: valid, expiration_minutes: 11 }, 'invalid_request', 'expiration_minutes'],
        [{ [field]: valid, attributes: { ip_address: 'not an ip' } }, 'invalid_request', 'ip_address'],
      ];
      if (field === 'phone_number') cases.push([{ phone_number: '555' }, 'invalid_phone_number', '']);
      else cases.push([{ email: 'not-an-address' }, 'invalid_request', 'email']);
      for (const [payload, type, named] of cases) {
        const response = await serverSend(ctx, path, payload);
        expect(statusAndErrorType(response), `${path} ${JSON.stringify(payload)}`).toEqual([400, type]);
        expect(JSON.stringify(json(response).body ?? []) + json(response).error_message).toContain(named);
      }
    }
    expect(await sendSnapshot(ctx)).toEqual(before);
  });

  it('a second send to one recipient within the recipient interval → 429, nothing more stored', async () => {
    await givenServerUser(ctx, { email: 'otp-flood@example.com', phone_number: '+14155550140' });
    for (const { path, field } of sends) {
      const to = field === 'email' ? 'otp-flood@example.com' : '+14155550140';
      afterRecipientInterval();
      expect((await serverSend(ctx, path, { [field]: to })).statusCode, path).toBe(200);
      const before = await sendSnapshot(ctx);
      const again = await serverSend(ctx, path, { [field]: to });
      expect(statusAndErrorType(again), path).toEqual([429, 'too_many_requests']);
      expect(await sendSnapshot(ctx)).toEqual(before);
    }
  });

  it('a public token or a session token in place of the secret → 403; nothing stored', async () => {
    const signedIn = await givenSignedInUser(ctx, 'otp-creds@example.com');
    const before = await sendSnapshot(ctx);
    const calls = [
      ...sends.map(({ path, field }) => ({
        path,
        payload: { [field]: field === 'email' ? 'otp-creds@example.com' : '+14155550150' },
      })),
      { path: '/v1/otps/authenticate', payload: { method_id: 'email-test-x', code: '123456' } },
    ];
    await expectForbiddenWithoutSecret(ctx, signedIn, calls);
    expect(await sendSnapshot(ctx)).toEqual(before);
  });
});
