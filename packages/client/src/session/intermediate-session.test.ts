/** A multi-factor sign-in: the intermediate session token's cookie, its use as the Basic password, and its end. */
import { describe, expect } from 'vitest';
import { mfaPendingAnswer } from '../../../wire/test/fixtures/mfa-pending.js';
import type { Clock } from '../options.js';
import { it } from '../testing/client-test.js';
import { apiError, createTestClient, ok, PUBLIC_TOKEN, seedSignedIn } from '../testing/fakes.js';
import { authResponse, makeSession, makeUser } from '../testing/wire-objects.js';

const NOW = Date.parse('2030-01-01T00:00:00.000Z');
const clock: Clock = {
  now: () => NOW,
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as number),
};
const IST = 'ist-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const MFA = { totp: true, sms: false, enrol: false };
/** The 200 of a primary sign-in when the project requires a second factor (docs/contracts.md). */
const pending = { ...mfaPendingAnswer(MFA, IST), user: makeUser(), __user: makeUser() };
const PASSWORD = { email: 'ada@example.com', password: 'correct horse', sessionDurationMinutes: 60 };

function basicSecret(headers: Record<string, string>): string {
  return atob(headers.Authorization!.slice('Basic '.length)).slice(PUBLIC_TOKEN.length + 1);
}

describe('a sign-in that needs a second factor', () => {
  it('keeps the IST for 10 minutes, removes the session cookies, and returns the result', async () => {
    const { client, fetch, cookies } = createTestClient({
      clock,
      signedIn: true,
    });
    fetch.on('POST /passwords/authenticate', ok(pending));
    cookies.writes.length = 0;
    const result = await client.passwords.authenticate(PASSWORD);
    expect(result.mfa_required).toEqual(MFA);
    expect(result.session).toBeNull();
    expect(result.intermediate_session_token).toBe(IST);
    expect(cookies.writes[0]).toBe(
      `stytch_intermediate_session_token=${IST}; Path=/; Expires=Tue, 01 Jan 2030 00:10:00 GMT; SameSite=Lax`,
    );
    expect(cookies.get()).toBe(`stytch_intermediate_session_token=${IST}`);
    expect(client.session.getSync()).toBeNull();
    expect(client.session.getTokens()).toBeNull();
    // Nobody is signed in until the second factor: the user stays null here too.
    expect(client.user.getSync()).toBeNull();
    expect(client.session.getIntermediateSessionToken()).toBe(IST);
  });

  it('uses cookieOptions.istCookieName', async () => {
    const { client, fetch, cookies } = createTestClient({ cookieOptions: { istCookieName: 'my_ist' } });
    fetch.on('POST /passwords/authenticate', ok(pending));
    await client.passwords.authenticate(PASSWORD);
    expect(cookies.get()).toBe(`my_ist=${IST}`);
    expect(client.session.getIntermediateSessionToken()).toBe(IST);
  });

  it('sends the IST as the Basic password until the second factor signs in, then clears it', async () => {
    const { client, fetch, cookies } = createTestClient();
    fetch.on('POST /passwords/authenticate', ok(pending));
    fetch.on('POST /totps/authenticate', ok({ ...authResponse(), totp_id: 'totp-test-1' }));
    await client.passwords.authenticate(PASSWORD);
    expect(basicSecret(fetch.calls('POST /passwords/authenticate')[0]!.headers)).toBe(PUBLIC_TOKEN);

    await client.totps.authenticate({ totp_code: '123456', session_duration_minutes: 60 });
    expect(basicSecret(fetch.calls('POST /totps/authenticate')[0]!.headers)).toBe(IST);
    expect(cookies.get()).not.toContain('stytch_intermediate_session_token');
    expect(client.session.getIntermediateSessionToken()).toBeNull();
    expect(client.session.getSync()).toEqual(makeSession());

    fetch.on('GET /users/me', ok(makeUser()));
    await client.user.get();
    expect(basicSecret(fetch.calls('GET /users/me')[0]!.headers)).toBe('session-token-1');
  });

  it('texts the code through /otps/sms/send/secondary while the IST exists; email stays primary', async () => {
    const { client, fetch } = createTestClient({
      prepare: (setup) => setup.cookies.set(`stytch_intermediate_session_token=${IST}; Path=/`),
    });
    const sent = {
      request_id: 'r',
      status_code: 200,
      method_id: 'phone-1',
      user_id: 'u',
      phone_id: 'phone-1',
    };
    fetch.on('POST /otps/sms/send/secondary', ok(sent));
    fetch.on('POST /otps/email/send/primary', ok({ ...sent, email_id: 'e' }));
    await client.otps.sms.send('+12015550123');
    await client.otps.email.send('ada@example.com');
    expect(basicSecret(fetch.calls('POST /otps/sms/send/secondary')[0]!.headers)).toBe(IST);
    expect(fetch.calls('POST /otps/sms/send/primary')).toHaveLength(0);
    expect(fetch.calls('POST /otps/email/send/primary')).toHaveLength(1);
  });
});

describe('the end of a session clears the IST too', () => {
  function signedInWithStaleIst() {
    return createTestClient({
      prepare(setup) {
        seedSignedIn(setup);
        setup.cookies.set(`stytch_intermediate_session_token=${IST}; Path=/`);
      },
    });
  }

  it('on revoke', async () => {
    const { client, fetch, cookies } = signedInWithStaleIst();
    fetch.on('POST /sessions/authenticate', () => new Promise(() => {}));
    fetch.on('POST /sessions/revoke', ok({}));
    await client.session.revoke();
    expect(cookies.get()).toBe('');
    expect(client.session.getIntermediateSessionToken()).toBeNull();
  });

  it('when the provider destroys the session', async () => {
    const { client, fetch, cookies } = signedInWithStaleIst();
    fetch.on('POST /sessions/authenticate', apiError(404, 'session_not_found'));
    await expect(client.session.authenticate()).rejects.toMatchObject({ code: 'session_not_found' });
    expect(cookies.get()).toBe('');
    expect(client.session.getSync()).toBeNull();
  });
});
