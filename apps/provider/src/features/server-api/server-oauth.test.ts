/** Server-facing POST /v1/oauth/authenticate with Basic project_id:secret, after a real flow at the fake upstream. */
import { describe, expect, it } from 'vitest';
import { OAUTH_TABLES, signInAtFake, tokenOf } from '../../../test/oauth-helpers.js';
import { rowCounts } from '../../../test/row-counts.js';
import {
  devProjectAuthorization,
  expectLiveSession,
  flatServerAnswer,
  postServerApi,
} from '../../../test/server-api-calls.js';
import { basic, json, statusAndErrorType } from '../../../test/test-app.js';
import { useFakeOpenIdProvider } from '../../../test/use-fake-openid-provider.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { s256Challenge } from '../../crypto/pkce.js';

const ctx = useTestContext();
const fake = useFakeOpenIdProvider(ctx, 'google');

const redeem = (authorization: string | undefined, payload: Record<string, unknown>) =>
  postServerApi(ctx, '/v1/oauth/authenticate', authorization, payload);

const devSecret = () => devProjectAuthorization(ctx);
const snapshot = () => rowCounts(ctx, OAUTH_TABLES);

let people = 0;
/** A finished flow at the fake for a new person; returns the token the app's redirect URL received. */
async function freshToken(query: Record<string, string> = {}): Promise<{ token: string; sub: string }> {
  people += 1;
  const sub = `server-sub-${people}`;
  fake.nextIdentity({
    sub,
    email: `server-oauth-${people}@example.com`,
    email_verified: true,
    picture: 'https://images.example.com/server.png',
    locale: 'de',
  });
  return { token: tokenOf(await signInAtFake(ctx, fake, 'google', query)), sub };
}

describe('POST /v1/oauth/authenticate', () => {
  it('redeems a finished flow once with the secret: flat session, user, identity and upstream tokens', async () => {
    const { token, sub } = await freshToken();
    const response = await redeem(devSecret(), { token, session_duration_minutes: 60 });
    const body = flatServerAnswer(response);
    expect(body).toMatchObject({
      user_id: expect.stringMatching(/^user-test-/),
      oauth_user_registration_id: expect.stringMatching(/^oauth-user-registration-test-/),
      session_token: expect.any(String),
      provider_subject: sub,
      provider_type: 'google',
      profile_picture_url: 'https://images.example.com/server.png',
      locale: 'de',
      provider_values: { access_token: expect.any(String), scopes: expect.arrayContaining(['openid']) },
      user: {
        emails: [{ email: `server-oauth-${people}@example.com`, verified: true }],
        providers: [{ provider_subject: sub, provider_type: 'google' }],
      },
    });
    expect(body.user.user_id).toBe(body.user_id);
    expect(body.user.providers[0].oauth_user_registration_id).toBe(body.oauth_user_registration_id);
    expect(body.provider_values.id_token.split('.')).toHaveLength(3);
    expect(body.session.authentication_factors).toEqual([
      expect.objectContaining({ type: 'oauth', delivery_method: 'oauth_google' }),
    ]);
    const started = Date.parse(body.session.started_at);
    expect(Date.parse(body.session.expires_at) - started).toBe(60 * 60_000);
    expect(body.session_jwt.split('.')).toHaveLength(3);

    await expectLiveSession(ctx, body);

    // Single use: the replay changes nothing.
    const before = await snapshot();
    const again = await redeem(devSecret(), { token });
    expect(statusAndErrorType(again)).toEqual([401, 'unable_to_auth_oauth_token']);
    expect(await snapshot()).toEqual(before);
  });

  it('a second sign-in of the same identity finds the same user', async () => {
    fake.nextIdentity({
      sub: 'server-returning',
      email: 'server-returning@example.com',
      email_verified: true,
    });
    const first = json(await redeem(devSecret(), { token: tokenOf(await signInAtFake(ctx, fake)) }));
    fake.nextIdentity({
      sub: 'server-returning',
      email: 'server-returning@example.com',
      email_verified: true,
    });
    const second = json(await redeem(devSecret(), { token: tokenOf(await signInAtFake(ctx, fake)) }));
    expect(second.user_id).toBe(first.user_id);
    expect(second.session.session_id).not.toBe(first.session.session_id);
    expect(second.user.providers).toHaveLength(1);
  });

  it('wrong secret, public token or no credentials: refused before the token is touched', async () => {
    const { token } = await freshToken();
    const before = await snapshot();
    const wrong = await redeem(basic(ctx.dev.project_id, `${ctx.dev.secret}x`), { token });
    expect(statusAndErrorType(wrong)).toEqual([401, 'invalid_secret_authentication']);
    const publicToken = await redeem(basic(ctx.dev.public_token, ctx.dev.secret), { token });
    expect(statusAndErrorType(publicToken)).toEqual([403, 'public_token_forbidden']);
    const none = await redeem(undefined, { token });
    expect(statusAndErrorType(none)).toEqual([401, 'unauthorized_credentials']);
    expect(await snapshot()).toEqual(before);
    // Still usable after the refused attempts.
    expect((await redeem(devSecret(), { token })).statusCode).toBe(200);
  });

  it('another project cannot redeem this project’s token, which stays usable', async () => {
    const { token } = await freshToken();
    const other = await ctx.givenProject({});
    const before = await snapshot();
    const foreign = await redeem(basic(other.project_id, other.secret), { token });
    expect(statusAndErrorType(foreign)).toEqual([401, 'unable_to_auth_oauth_token']);
    expect(await snapshot()).toEqual(before);
    expect((await redeem(devSecret(), { token })).statusCode).toBe(200);
  });

  it('a flow started with a code_challenge needs its verifier, as in the browser', async () => {
    const verifier = 'server-verifier-'.padEnd(64, 'v');
    const { token } = await freshToken({ code_challenge: s256Challenge(verifier) });
    const missing = await redeem(devSecret(), { token });
    expect(statusAndErrorType(missing)).toEqual([400, 'pkce_mismatch']);
    expect((await redeem(devSecret(), { token, code_verifier: verifier })).statusCode).toBe(200);
  });

  it('an expired token (10 minutes) is refused; a missing token is a 400 invalid_request', async () => {
    const { token } = await freshToken();
    ctx.clock.advance(10 * 60_000 + 1_000);
    const expired = await redeem(devSecret(), { token });
    expect(statusAndErrorType(expired)).toEqual([401, 'unable_to_auth_oauth_token']);
    const empty = await redeem(devSecret(), {});
    expect(statusAndErrorType(empty)).toEqual([400, 'invalid_request']);
  });
});
