/**
 * Issue 16 item 2: a link from `send/secondary` adds its address to the user who asked for it,
 * and only with that user's live session; it never signs anyone in by itself (login CSRF).
 */
import { describe, expect, it } from 'vitest';
import {
  authenticateMagicLink,
  authenticateMagicLinkWith,
  givenSignedInUser,
  latestToken,
  requestSecondaryLink,
} from '../../../test/magic-link-helpers.js';
import { rowCounts } from '../../../test/row-counts.js';
import { sdkPost } from '../../../test/sdk-call.js';
import { devProjectAuthorization, postServerApi } from '../../../test/server-api-calls.js';
import { json, statusAndErrorType } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { s256Challenge } from '../../crypto/pkce.js';
import { SECONDARY_NEEDS_SESSION } from './magic-links-authenticate.service.js';

const ctx = useTestContext();

/** Everything a refused redemption must leave as it was. */
const snapshot = async () => ({
  counts: await rowCounts(ctx, ['users', 'emails', 'sessions', 'magic_links', 'intermediate_sessions']),
  links: await ctx.db
    .selectFrom('magic_links')
    .select(['id', 'used_at', 'revoked_at', 'failed_attempts'])
    .orderBy('id')
    .execute(),
  sessions: await ctx.db
    .selectFrom('sessions')
    .select(['id', 'expires_at', 'authentication_factors', 'revoked_at'])
    .orderBy('id')
    .execute(),
});

const emailsNamed = (email: string) =>
  ctx.db.selectFrom('emails').select(['id', 'user_id']).where('email', '=', email).execute();

/** A signed-in user who asked for a link adding `email`; returns the session and the link's token. */
async function givenSecondaryLink(owner: string, email: string, body: Record<string, unknown> = {}) {
  const signedIn = await givenSignedInUser(ctx, owner);
  const sent = await requestSecondaryLink(ctx, signedIn.session_token, email, body);
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.body}`);
  return { signedIn, token: await latestToken(ctx, email) };
}

/** POST /sdk/v1/magic_links/authenticate with `sessionToken` in Basic auth. */
const redeemWith = (token: string, sessionToken?: string, body: Record<string, unknown> = {}) =>
  authenticateMagicLinkWith(ctx, sessionToken, token, body);

/** POST /v1/magic_links/authenticate with the project secret. */
const redeemOnServer = (token: string, body: Record<string, unknown> = {}) =>
  postServerApi(ctx, '/v1/magic_links/authenticate', devProjectAuthorization(ctx), { token, ...body });

const REFUSED = [401, 'unable_to_auth_magic_link'];

describe('a secondary link is refused without its user’s live session, and nothing changes', () => {
  it('signed out (the login-CSRF of issue 16): no session, no address, the link unused', async () => {
    const { token } = await givenSecondaryLink('csrf-owner@example.com', 'csrf-added@example.com');
    const before = await snapshot();
    const refused = await authenticateMagicLink(ctx, token);
    expect(statusAndErrorType(refused)).toEqual(REFUSED);
    expect(json(refused).error_message).toBe(SECONDARY_NEEDS_SESSION);
    expect(await snapshot()).toEqual(before);
    expect(await emailsNamed('csrf-added@example.com')).toEqual([]);
  });

  it("with another user's session: refused, and the owner can still use it", async () => {
    const { signedIn, token } = await givenSecondaryLink('owner-b@example.com', 'added-b@example.com');
    const other = await givenSignedInUser(ctx, 'other-b@example.com');
    const before = await snapshot();
    expect(statusAndErrorType(await redeemWith(token, other.session_token))).toEqual(REFUSED);
    expect(await snapshot()).toEqual(before);
    expect((await redeemWith(token, signedIn.session_token)).statusCode).toBe(200);
  });

  it('with the owner’s revoked or expired session: refused, nothing changed', async () => {
    const { signedIn, token } = await givenSecondaryLink('owner-c@example.com', 'added-c@example.com');
    await sdkPost(ctx, '/sessions/revoke', undefined, { sessionToken: signedIn.session_token });
    let before = await snapshot();
    expect(statusAndErrorType(await redeemWith(token, signedIn.session_token))).toEqual(REFUSED);
    expect(await snapshot()).toEqual(before);

    const short = await givenSignedInUser(ctx, 'owner-d@example.com', 5);
    await requestSecondaryLink(ctx, short.session_token, 'added-d@example.com');
    const link = await latestToken(ctx, 'added-d@example.com');
    ctx.clock.advance(5 * 60_000 + 1000);
    before = await snapshot();
    expect(statusAndErrorType(await redeemWith(link, short.session_token))).toEqual(REFUSED);
    expect(await snapshot()).toEqual(before);
  });

  it('a wrong-session caller cannot spend the link’s PKCE attempts', async () => {
    const verifier = 'v'.repeat(43);
    const { signedIn, token } = await givenSecondaryLink('owner-e@example.com', 'added-e@example.com', {
      code_challenge: s256Challenge(verifier),
    });
    const before = await snapshot();
    for (let i = 0; i < 6; i += 1)
      expect(
        statusAndErrorType(await redeemWith(token, undefined, { code_verifier: 'w'.repeat(43) })),
      ).toEqual(REFUSED);
    expect(await snapshot()).toEqual(before);
    const used = await redeemWith(token, signedIn.session_token, { code_verifier: verifier });
    expect(used.statusCode).toBe(200);
  });

  it('the server API refuses it without the owner’s session_token, and with a wrong one', async () => {
    const { signedIn, token } = await givenSecondaryLink('owner-f@example.com', 'added-f@example.com');
    const other = await givenSignedInUser(ctx, 'other-f@example.com');
    const before = await snapshot();
    expect(statusAndErrorType(await redeemOnServer(token))).toEqual(REFUSED);
    expect(statusAndErrorType(await redeemOnServer(token, { session_token: other.session_token }))).toEqual(
      REFUSED,
    );
    expect(await snapshot()).toEqual(before);
    const used = await redeemOnServer(token, { session_token: signedIn.session_token });
    expect(used.statusCode).toBe(200);
    expect(json(used)).toMatchObject({
      user_id: signedIn.user_id,
      session_token: signedIn.session_token,
      session: { session_id: signedIn.session.session_id },
    });
  });
});

describe('with the owner’s live session the link adds the address to that same session', () => {
  it('attaches the address verified, adds the factor, answers the presented session (no new one)', async () => {
    const { signedIn, token } = await givenSecondaryLink('owner-g@example.com', 'added-g@example.com');
    const sessions = (await snapshot()).counts.sessions;
    ctx.clock.advance(1000);
    const response = await redeemWith(token, signedIn.session_token, { session_duration_minutes: 90 });
    expect(response.statusCode).toBe(200);
    const { data } = json(response);
    expect(data.session_token).toBe(signedIn.session_token);
    expect(data.session.session_id).toBe(signedIn.session.session_id);
    const [added] = await emailsNamed('added-g@example.com');
    expect(added?.user_id).toBe(signedIn.user_id);
    expect(data.method_id).toBe(added?.id);
    expect(data.user.emails).toContainEqual({
      email_id: added?.id,
      email: 'added-g@example.com',
      verified: true,
    });
    expect(data.session.authentication_factors).toHaveLength(2);
    expect(data.session.authentication_factors[1]).toMatchObject({
      type: 'magic_link',
      email_factor: { email_id: added?.id, email_address: 'added-g@example.com' },
    });
    expect(Date.parse(data.session.expires_at) - ctx.clock.now().getTime()).toBe(90 * 60_000);
    expect((await snapshot()).counts.sessions).toBe(sessions);
    expect(statusAndErrorType(await redeemWith(token, signedIn.session_token))).toEqual(REFUSED);
  });
});
