/**
 * Custom claims on session JWTs: `session_custom_claims` on POST /v1/sessions/authenticate,
 * /v1/magic_links/authenticate and /v1/oauth/authenticate, stored with the session so its later
 * JWTs carry them, and the project's claims template under them.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { givenSignedInUser, latestToken, requestMagicLink } from '../../../test/magic-link-helpers.js';
import { signInAtFake, tokenOf } from '../../../test/oauth-helpers.js';
import {
  browserSessionCheck,
  devProjectAuthorization,
  postServerApi,
} from '../../../test/server-api-calls.js';
import { json } from '../../../test/test-app.js';
import { useFakeOpenIdProvider } from '../../../test/use-fake-openid-provider.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { setProjectSessionClaimsTemplate } from '../projects/projects.repository.js';
import {
  SESSION_CUSTOM_CLAIMS_MAX_BYTES,
  validateSessionClaimsTemplate,
} from '../sessions/session-custom-claims.js';
import { SESSION_CLAIM } from '../sessions/session-jwt.js';

const ctx = useTestContext();
const fake = useFakeOpenIdProvider(ctx, 'google');

const serverAuthenticate = (payload: Record<string, unknown>) =>
  postServerApi(ctx, '/v1/sessions/authenticate', devProjectAuthorization(ctx), payload);
const browserRefresh = (sessionToken: string) => browserSessionCheck(ctx, sessionToken);

function payloadOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] as string, 'base64url').toString('utf8'));
}

/** The JWT's claims other than the registered ones and the provider's session claim. */
function customClaimsOf(jwt: string): Record<string, unknown> {
  const { iss, sub, aud, exp, nbf, iat, jti, [SESSION_CLAIM]: session, ...custom } = payloadOf(jwt);
  expect(session).toBeDefined();
  return custom;
}

function expectFieldError(response: LightMyRequestResponse, dataPath: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(json(response)).toMatchObject({ error_type: 'invalid_request', body: [{ dataPath }] });
}

describe('session_custom_claims on POST /v1/sessions/authenticate', () => {
  it('are stored with the session: the answer, its JWT and every later JWT of the session carry them; null removes a key', async () => {
    const signedIn = await givenSignedInUser(ctx, 'claims@example.com');
    const plain = json(await serverAuthenticate({ session_token: signedIn.session_token }));
    expect(customClaimsOf(plain.session_jwt)).toEqual({});

    const added = json(
      await serverAuthenticate({
        session_token: signedIn.session_token,
        session_custom_claims: { role: 'editor', plan: 'pro', limits: { seats: 3 } },
      }),
    );
    expect(added.session.custom_claims).toEqual({ role: 'editor', plan: 'pro', limits: { seats: 3 } });
    // The JWT reused until the claims changed is replaced at once by one that carries them.
    expect(added.session_jwt).not.toBe(plain.session_jwt);
    expect(customClaimsOf(added.session_jwt)).toEqual({ role: 'editor', plan: 'pro', limits: { seats: 3 } });

    // The browser's refresh (no claims in its request) gets them too, and so does a check by JWT.
    const refreshed = json(await browserRefresh(signedIn.session_token)).data;
    expect(customClaimsOf(refreshed.session_jwt)).toEqual({
      role: 'editor',
      plan: 'pro',
      limits: { seats: 3 },
    });
    expect(refreshed.session.custom_claims).toEqual({ role: 'editor', plan: 'pro', limits: { seats: 3 } });

    const merged = json(
      await serverAuthenticate({
        session_jwt: added.session_jwt,
        session_custom_claims: { plan: null, role: 'admin' },
      }),
    );
    expect(merged.session.custom_claims).toEqual({ role: 'admin', limits: { seats: 3 } });
    expect(merged.session_jwt).not.toBe(added.session_jwt);
    expect(customClaimsOf(merged.session_jwt)).toEqual({ role: 'admin', limits: { seats: 3 } });
    expect(payloadOf(merged.session_jwt).sub).toBe(signedIn.user_id);
  });

  it.each(['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti', SESSION_CLAIM, 'https://stytch.com/anything'])(
    'refuses the reserved claim %s with 400 naming it; the session keeps its claims',
    async (claim) => {
      const signedIn = await givenSignedInUser(ctx, `reserved-${claim.replace(/\W/g, '')}@example.com`);
      await serverAuthenticate({ session_token: signedIn.session_token, session_custom_claims: { ok: 1 } });
      const refused = await serverAuthenticate({
        session_token: signedIn.session_token,
        session_custom_claims: { fine: true, [claim]: 'x' },
      });
      expectFieldError(refused, `.session_custom_claims.${claim}`);
      const after = json(await serverAuthenticate({ session_token: signedIn.session_token }));
      expect(after.session.custom_claims).toEqual({ ok: 1 });
    },
  );

  it(`refuses claims over ${SESSION_CUSTOM_CLAIMS_MAX_BYTES} bytes of JSON (after the merge) and a non-object`, async () => {
    const signedIn = await givenSignedInUser(ctx, 'big-claims@example.com');
    const half = 'x'.repeat(SESSION_CUSTOM_CLAIMS_MAX_BYTES / 2);
    const first = await serverAuthenticate({
      session_token: signedIn.session_token,
      session_custom_claims: { a: half },
    });
    expect(first.statusCode).toBe(200);
    const tooBig = await serverAuthenticate({
      session_token: signedIn.session_token,
      session_custom_claims: { b: half },
    });
    expectFieldError(tooBig, '.session_custom_claims');
    expect(
      json(await serverAuthenticate({ session_token: signedIn.session_token })).session.custom_claims,
    ).toEqual({
      a: half,
    });
    expectFieldError(
      await serverAuthenticate({ session_token: signedIn.session_token, session_custom_claims: ['role'] }),
      '.session_custom_claims',
    );
  });
});

describe('session_custom_claims on the server-side sign-in redemptions', () => {
  it('POST /v1/magic_links/authenticate: the new session carries them; a reserved claim → 400 and the link stays usable', async () => {
    await requestMagicLink(ctx, 'claims-link@example.com');
    const token = await latestToken(ctx, 'claims-link@example.com');
    const redeem = (claims: Record<string, unknown>) =>
      postServerApi(ctx, '/v1/magic_links/authenticate', devProjectAuthorization(ctx), {
        token,
        session_duration_minutes: 60,
        session_custom_claims: claims,
      });
    expectFieldError(await redeem({ exp: 1 }), '.session_custom_claims.exp');
    const redeemed = await redeem({ tenant: 'acme' });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const body = json(redeemed);
    expect(body.session.custom_claims).toEqual({ tenant: 'acme' });
    expect(customClaimsOf(body.session_jwt)).toEqual({ tenant: 'acme' });
    const refreshed = json(await browserRefresh(body.session_token)).data;
    expect(customClaimsOf(refreshed.session_jwt)).toEqual({ tenant: 'acme' });
  });

  it('POST /v1/oauth/authenticate: the new session carries them; a reserved claim → 400 and the token stays usable', async () => {
    fake.nextIdentity({ sub: 'claims-sub', email: 'claims-oauth@example.com', email_verified: true });
    const token = tokenOf(await signInAtFake(ctx, fake, 'google'));
    const redeem = (claims: Record<string, unknown>) =>
      postServerApi(ctx, '/v1/oauth/authenticate', devProjectAuthorization(ctx), {
        token,
        session_duration_minutes: 60,
        session_custom_claims: claims,
      });
    expectFieldError(await redeem({ sub: 'someone-else' }), '.session_custom_claims.sub');
    const redeemed = await redeem({ tier: 'gold' });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(json(redeemed).session.custom_claims).toEqual({ tier: 'gold' });
    expect(customClaimsOf(json(redeemed).session_jwt)).toEqual({ tier: 'gold' });
  });
});

describe("the project's claims template", () => {
  it('validateSessionClaimsTemplate refuses what the project administration must not store, naming it', () => {
    expect(validateSessionClaimsTemplate({ app: 'clickwise', n: 1 })).toEqual({ app: 'clickwise', n: 1 });
    const refusal = (value: unknown) => {
      try {
        validateSessionClaimsTemplate(value);
      } catch (error) {
        return (error as { body?: Array<{ dataPath: string }> }).body?.[0]?.dataPath;
      }
      return 'accepted';
    };
    expect(refusal('x')).toBe('.session_custom_claims_template');
    expect(refusal([1])).toBe('.session_custom_claims_template');
    expect(refusal(null)).toBe('.session_custom_claims_template');
    expect(refusal({ aud: 'x' })).toBe('.session_custom_claims_template.aud');
    expect(refusal({ gone: null })).toBe('.session_custom_claims_template.gone');
    expect(refusal({ big: 'x'.repeat(SESSION_CUSTOM_CLAIMS_MAX_BYTES) })).toBe(
      '.session_custom_claims_template',
    );
  });

  it("is in every session JWT of the project, under the session's own claims; changing it gives a new JWT", async () => {
    const signedIn = await givenSignedInUser(ctx, 'template@example.com');
    const before = json(await serverAuthenticate({ session_token: signedIn.session_token }));
    await setProjectSessionClaimsTemplate(ctx.db, ctx.dev.project.id, { app: 'clickwise', role: 'member' });
    const withTemplate = json(await serverAuthenticate({ session_token: signedIn.session_token }));
    expect(withTemplate.session_jwt).not.toBe(before.session_jwt);
    expect(customClaimsOf(withTemplate.session_jwt)).toEqual({ app: 'clickwise', role: 'member' });
    // The session object shows the session's own claims; the template is JWT-only.
    expect(withTemplate.session.custom_claims).toEqual({});

    const own = json(
      await serverAuthenticate({
        session_token: signedIn.session_token,
        session_custom_claims: { role: 'owner' },
      }),
    );
    expect(customClaimsOf(own.session_jwt)).toEqual({ app: 'clickwise', role: 'owner' });
    await setProjectSessionClaimsTemplate(ctx.db, ctx.dev.project.id, {});
    const after = json(await serverAuthenticate({ session_token: signedIn.session_token }));
    expect(customClaimsOf(after.session_jwt)).toEqual({ role: 'owner' });
  });
});
