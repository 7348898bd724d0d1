/**
 * POST /sdk/v1/oauth/authenticate: PKCE (SECURITY H1–H3), single use and races (B1, B2), expiry
 * (B5); and DELETE /sdk/v1/users/oauth/{id}.
 */
import { describe, expect, it } from 'vitest';
import { givenSignedInUser } from '../../../test/magic-link-helpers.js';
import {
  authenticateOAuth,
  givenOAuthUser,
  OAUTH_TABLES,
  signInAtFake,
  tokenOf,
} from '../../../test/oauth-helpers.js';
import { rowCounts } from '../../../test/row-counts.js';
import { sdkPost } from '../../../test/sdk-call.js';
import { json, sdkHeaders, statusAndErrorType } from '../../../test/test-app.js';
import { useFakeOpenIdProvider } from '../../../test/use-fake-openid-provider.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { s256Challenge } from '../../crypto/pkce.js';
import { hashToken } from '../../crypto/tokens.js';

const ctx = useTestContext();
const fake = useFakeOpenIdProvider(ctx, 'google');

let people = 0;
/** A finished flow for a new identity; returns the token the app would redeem. */
async function freshToken(query: Record<string, string> = {}): Promise<string> {
  people += 1;
  fake.nextIdentity({ sub: `auth-sub-${people}`, email: `auth-${people}@example.com`, email_verified: true });
  return tokenOf(await signInAtFake(ctx, fake, 'google', query));
}

const snapshot = () => rowCounts(ctx, OAUTH_TABLES);
const tokenRow = (token: string) =>
  ctx.db
    .selectFrom('oauth_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();

describe('single use', () => {
  it('a reused token → 401 unable_to_auth_oauth_token; the first session stays the only one', async () => {
    const token = await freshToken();
    const first = await authenticateOAuth(ctx, token);
    expect(first.statusCode).toBe(200);
    const before = await snapshot();
    const again = await authenticateOAuth(ctx, token);
    expect(statusAndErrorType(again)).toEqual([401, 'unable_to_auth_oauth_token']);
    expect(await snapshot()).toEqual(before);
  });

  it('two concurrent redemptions of one token: exactly one 200 and one session', async () => {
    const token = await freshToken();
    const before = await snapshot();
    const responses = await Promise.all([authenticateOAuth(ctx, token), authenticateOAuth(ctx, token)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const loser = responses.find((r) => r.statusCode === 401);
    expect(json(loser as (typeof responses)[0]).error_type).toBe('unable_to_auth_oauth_token');
    expect((await snapshot()).sessions).toBe(before.sessions + 1);
  });

  it('an expired token (10 minutes) → 401, nothing created; a minute less still works', async () => {
    const late = await freshToken();
    const inTime = await freshToken();
    ctx.clock.advance(9 * 60_000 + 59_000);
    expect((await authenticateOAuth(ctx, inTime)).statusCode).toBe(200);
    ctx.clock.advance(1_000);
    const before = await snapshot();
    const response = await authenticateOAuth(ctx, late);
    expect(statusAndErrorType(response)).toEqual([401, 'unable_to_auth_oauth_token']);
    expect(await snapshot()).toEqual(before);
  });

  it('an unknown token, and a bad body → 401 / 400', async () => {
    const unknown = await authenticateOAuth(ctx, 'A'.repeat(44));
    expect(json(unknown).error_type).toBe('unable_to_auth_oauth_token');
    const bad = await authenticateOAuth(ctx, await freshToken(), { session_duration_minutes: '60' });
    expect(statusAndErrorType(bad)).toEqual([400, 'invalid_request']);
  });
});

describe('PKCE', () => {
  const verifier = 'verifier-'.padEnd(64, 'x');
  const challenge = s256Challenge(verifier);

  it('a flow started with a code_challenge needs its verifier: missing → 400 pkce_mismatch, token still usable', async () => {
    const token = await freshToken({ code_challenge: challenge });
    const before = await snapshot();
    const missing = await authenticateOAuth(ctx, token);
    expect(statusAndErrorType(missing)).toEqual([400, 'pkce_mismatch']);
    expect(await snapshot()).toEqual(before);
    expect((await tokenRow(token)).failed_attempts).toBe(1);
    const ok = await authenticateOAuth(ctx, token, { code_verifier: verifier });
    expect(ok.statusCode).toBe(200);
  });

  it('a wrong verifier counts; the token stays usable until the fifth failure kills it', async () => {
    const token = await freshToken({ code_challenge: challenge });
    const wrong = { code_verifier: 'w'.repeat(43) };
    for (let i = 1; i <= 4; i += 1) {
      const response = await authenticateOAuth(ctx, token, wrong);
      expect(json(response).error_type).toBe('pkce_mismatch');
    }
    expect((await tokenRow(token)).revoked_at).toBeNull();
    expect(json(await authenticateOAuth(ctx, token, wrong)).error_type).toBe('pkce_mismatch');
    const dead = await tokenRow(token);
    expect(dead.revoked_at).not.toBeNull();
    // The upstream's tokens die with it.
    expect(dead.provider_values).toBeNull();
    const late = await authenticateOAuth(ctx, token, { code_verifier: verifier });
    expect(statusAndErrorType(late)).toEqual([401, 'unable_to_auth_oauth_token']);
  });

  it('a verifier for a flow started without a challenge → 400 pkce_mismatch (downgrade, RFC 9700 §4.8.2)', async () => {
    const token = await freshToken();
    const response = await authenticateOAuth(ctx, token, { code_verifier: verifier });
    expect(statusAndErrorType(response)).toEqual([400, 'pkce_mismatch']);
    expect((await authenticateOAuth(ctx, token)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it("another user's live session is not stepped up: a new session of the token's user is made", async () => {
    const other = await givenSignedInUser(ctx, 'bystander@example.com');
    const token = await freshToken();
    const response = await authenticateOAuth(ctx, token, {}, other.session_token);
    expect(response.statusCode).toBe(200);
    const data = json(response).data;
    expect(data.user_id).not.toBe(other.user_id);
    expect(data.session_token).not.toBe(other.session_token);
  });
});

describe('DELETE /sdk/v1/users/oauth/{oauth_user_registration_id}', () => {
  const remove = (id: string, sessionToken?: string) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/sdk/v1/users/oauth/${id}`,
      headers: sdkHeaders(ctx.dev.public_token, sessionToken),
    });

  it("unlinks the identity, answers with the user, and revokes the user's other sessions (SECURITY B9)", async () => {
    fake.nextIdentity({ sub: 'unlink-sub', email: 'unlink@example.com', email_verified: true });
    const first = await givenOAuthUser(ctx, fake);
    fake.nextIdentity({ sub: 'unlink-sub', email: 'unlink@example.com', email_verified: true });
    const second = await givenOAuthUser(ctx, fake);
    const id = second.user.providers[0]?.oauth_user_registration_id as string;
    const response = await remove(id, second.session_token);
    expect(response.statusCode).toBe(200);
    expect(json(response).data).toMatchObject({ user_id: second.user_id, __user: { providers: [] } });
    const revoked = await sdkPost(ctx, '/sessions/authenticate', {}, { sessionToken: first.session_token });
    expect(json(revoked).error_type).toBe('session_not_found');
    expect(
      await ctx.db.selectFrom('oauth_registrations').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it("another user's registration, or an unknown id → 404 oauth_registration_not_found, nothing removed", async () => {
    fake.nextIdentity({ sub: 'owner-sub', email: 'owner@example.com', email_verified: true });
    const owner = await givenOAuthUser(ctx, fake);
    fake.nextIdentity({ sub: 'intruder-sub', email: 'intruder@example.com', email_verified: true });
    const intruder = await givenOAuthUser(ctx, fake);
    const before = await snapshot();
    const id = owner.user.providers[0]?.oauth_user_registration_id as string;
    for (const target of [id, 'oauth-user-registration-test-00000000-0000-4000-8000-000000000000']) {
      const response = await remove(target, intruder.session_token);
      expect(statusAndErrorType(response)).toEqual([404, 'oauth_registration_not_found']);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('without a session → 401 user_unauthenticated', async () => {
    const response = await remove('oauth-user-registration-test-x');
    expect(statusAndErrorType(response)).toEqual([401, 'user_unauthenticated']);
  });
});
