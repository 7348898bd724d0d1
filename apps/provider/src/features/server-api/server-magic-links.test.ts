/** Server-facing POST /v1/magic_links/authenticate with Basic project_id:secret. */
import { describe, expect, it } from 'vitest';
import { latestToken, requestMagicLink } from '../../../test/magic-link-helpers.js';
import { rowCounts } from '../../../test/row-counts.js';
import {
  devProjectAuthorization,
  expectLiveSession,
  flatServerAnswer,
  postServerApi,
} from '../../../test/server-api-calls.js';
import { basic, json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();

const redeem = (authorization: string | undefined, payload: Record<string, unknown>) =>
  postServerApi(ctx, '/v1/magic_links/authenticate', authorization, payload);

const TABLES = ['magic_links', 'sessions', 'users'] as const;

async function freshToken(email: string, body: Record<string, unknown> = {}): Promise<string> {
  const sent = await requestMagicLink(ctx, email, body);
  expect(sent.statusCode).toBe(200);
  return latestToken(ctx, email);
}

describe('POST /v1/magic_links/authenticate', () => {
  it('redeems a link once with the secret: flat session, tokens, user and method_id', async () => {
    const token = await freshToken('server-ml@example.com');
    const response = await redeem(devProjectAuthorization(ctx), {
      token,
      session_duration_minutes: 60,
    });
    const body = flatServerAnswer(response);
    expect(body).toMatchObject({
      user_id: expect.stringMatching(/^user-/),
      method_id: expect.any(String),
      session_token: expect.any(String),
      user: { emails: [{ email: 'server-ml@example.com', verified: true }] },
    });
    expect(body.user.user_id).toBe(body.user_id);
    const started = Date.parse(body.session.started_at);
    expect(Date.parse(body.session.expires_at) - started).toBe(60 * 60_000);
    expect(body.session_jwt.split('.')).toHaveLength(3);

    await expectLiveSession(ctx, body);

    const again = await redeem(devProjectAuthorization(ctx), { token });
    expect(again.statusCode).toBe(401);
    expect(json(again).error_type).toBe('unable_to_auth_magic_link');
  });

  it('wrong secret, public token or no credentials: refused before the token is touched', async () => {
    const token = await freshToken('server-ml-creds@example.com');
    const before = await rowCounts(ctx, TABLES);
    const wrong = await redeem(basic(ctx.dev.project_id, `${ctx.dev.secret}x`), { token });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong).error_type).toBe('invalid_secret_authentication');
    const publicToken = await redeem(basic(ctx.dev.public_token, ctx.dev.secret), { token });
    expect(publicToken.statusCode).toBe(403);
    expect(json(publicToken).error_type).toBe('public_token_forbidden');
    const none = await redeem(undefined, { token });
    expect(json(none).error_type).toBe('unauthorized_credentials');
    expect(await rowCounts(ctx, TABLES)).toEqual(before);
    // Still usable after the refused attempts.
    const ok = await redeem(devProjectAuthorization(ctx), { token });
    expect(ok.statusCode).toBe(200);
  });

  it('another project cannot redeem this project’s link; an expired link is refused', async () => {
    const token = await freshToken('server-ml-other@example.com');
    const other = await ctx.givenProject({});
    const foreign = await redeem(basic(other.project_id, other.secret), { token });
    expect(foreign.statusCode).toBe(401);
    expect(json(foreign).error_type).toBe('unable_to_auth_magic_link');

    const expiring = await freshToken('server-ml-expired@example.com', {
      login_expiration_minutes: 10,
      signup_expiration_minutes: 10,
    });
    ctx.clock.advance(11 * 60_000);
    const expired = await redeem(devProjectAuthorization(ctx), { token: expiring });
    expect(json(expired).error_type).toBe('unable_to_auth_magic_link');
  });

  it('a missing token is a 400 invalid_request', async () => {
    const response = await redeem(devProjectAuthorization(ctx), {});
    expect(response.statusCode).toBe(400);
    expect(json(response).error_type).toBe('invalid_request');
  });
});
