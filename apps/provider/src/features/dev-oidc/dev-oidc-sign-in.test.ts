/**
 * Signing in to the development project "with Google" and "with GitHub" on a fresh install (issue
 * 17 item 1): the provider discovers its own development issuer over HTTP, the person types a
 * name and address, and the callback redeems a real code for a verified ID token. Other projects,
 * and providers an operator configured, never reach the issuer; the bootstrap says what is set up.
 */
import { describe, expect, it } from 'vitest';
import { signInThroughDevIssuer, useDevIssuerContext } from '../../../test/dev-oidc-helpers.js';
import {
  authenticateOAuth,
  givenOAuthConfig,
  redirectOf,
  startOAuth,
  tokenOf,
} from '../../../test/oauth-helpers.js';
import { sdkGet } from '../../../test/sdk-call.js';
import { DEMO_ORIGIN, DEMO_REDIRECT, json, statusAndErrorType } from '../../../test/test-app.js';
import { useFakeOpenIdProvider } from '../../../test/use-fake-openid-provider.js';
import { OAUTH_PROVIDER_TYPES } from '../oauth/upstream/provider-types.js';

const ctx = useDevIssuerContext();
const fake = useFakeOpenIdProvider(ctx);

async function bootstrapOf(publicToken: string) {
  const response = await sdkGet(ctx, `/projects/bootstrap/${publicToken}`, { publicToken: publicToken });
  expect(response.statusCode).toBe(200);
  return json(response).data as { oauth_providers: Array<{ provider_type: string; one_tap: boolean }> };
}

describe('the development project on a fresh install', () => {
  it('signs in with Google: the typed name and address become the user, and the same address finds them again', async () => {
    const redirect = redirectOf(
      await signInThroughDevIssuer(ctx, 'google', { name: 'Ada Lovelace', email: 'ada@example.com' }),
    );
    expect(`${redirect.origin}${redirect.pathname}`).toBe(DEMO_REDIRECT);
    const signedIn = await authenticateOAuth(ctx, tokenOf(redirect));
    expect(signedIn.statusCode).toBe(200);
    const data = json(signedIn).data;
    expect(data.user.emails).toEqual([expect.objectContaining({ email: 'ada@example.com', verified: true })]);
    expect(data.user.name).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    expect(data.provider_type).toBe('google');
    expect(data.provider_subject).toMatch(/^dev-/);
    expect(data.provider_values.id_token).toMatch(/^ey/);

    const again = await authenticateOAuth(
      ctx,
      tokenOf(
        redirectOf(await signInThroughDevIssuer(ctx, 'google', { name: 'Ada', email: 'ADA@example.com' })),
      ),
    );
    expect(json(again).data.user_id).toBe(data.user_id);
  });

  it('signs in with GitHub through the same issuer, linking the verified address to the same user', async () => {
    const google = await authenticateOAuth(
      ctx,
      tokenOf(redirectOf(await signInThroughDevIssuer(ctx, 'google', { email: 'linus@example.com' }))),
    );
    const github = await authenticateOAuth(
      ctx,
      tokenOf(
        redirectOf(
          await signInThroughDevIssuer(ctx, 'github', { name: 'Linus', email: 'linus@example.com' }),
        ),
      ),
    );
    expect(github.statusCode).toBe(200);
    expect(json(github).data.provider_type).toBe('github');
    expect(json(github).data.user_id).toBe(json(google).data.user_id);
  });

  it('an address the person marks unverified is not linked to an existing account', async () => {
    await authenticateOAuth(
      ctx,
      tokenOf(redirectOf(await signInThroughDevIssuer(ctx, 'google', { email: 'owner@example.com' }))),
    );
    const answer = await signInThroughDevIssuer(ctx, 'microsoft', {
      email: 'owner@example.com',
      email_verified: '',
    });
    expect(redirectOf(answer).searchParams.get('error')).toBe('oauth_account_conflict');
  });

  it('Cancel on the consent page comes back to the app with oauth_user_cancelled', async () => {
    const redirect = redirectOf(await signInThroughDevIssuer(ctx, 'google', { decision: 'cancel' }));
    expect(`${redirect.origin}${redirect.pathname}`).toBe(DEMO_REDIRECT);
    expect(redirect.searchParams.get('error')).toBe('oauth_user_cancelled');
    expect(redirect.searchParams.get('error_description')).toBe('Sign-in with Google was cancelled.');
    expect(redirect.searchParams.has('token')).toBe(false);
  });

  it('the bootstrap lists every provider, none with One Tap (the issuer is not Google)', async () => {
    const { oauth_providers } = await bootstrapOf(ctx.dev.public_token);
    expect(oauth_providers).toEqual(
      OAUTH_PROVIDER_TYPES.map((type) => ({ provider_type: type, one_tap: false })),
    );
  });
});

describe('never for anyone else', () => {
  it('another project without configurations cannot start a sign-in and lists no provider', async () => {
    const other = await ctx.givenProject({
      allowedOrigins: [DEMO_ORIGIN],
      allowedRedirectUrls: [DEMO_REDIRECT],
    });
    const start = await startOAuth(
      ctx,
      'google',
      { public_token: other.public_token },
      { accept: 'application/json' },
    );
    expect(statusAndErrorType(start)).toEqual([404, 'oauth_config_not_found']);
    expect((await bootstrapOf(other.public_token)).oauth_providers).toEqual([]);
  });

  it("an operator's configuration of the dev project wins: Google goes to it, and One Tap can run", async () => {
    await givenOAuthConfig(ctx, fake, 'google');
    try {
      const start = await startOAuth(ctx, 'google');
      expect(start.statusCode).toBe(302);
      expect((start.headers.location as string).startsWith(fake.issuer)).toBe(true);
      const github = await startOAuth(ctx, 'github');
      expect((github.headers.location as string).startsWith(`${ctx.options.publicUrl}/dev/oidc/`)).toBe(true);
      const { oauth_providers } = await bootstrapOf(ctx.dev.public_token);
      expect(oauth_providers.slice(0, 2)).toEqual([
        { provider_type: 'google', one_tap: true },
        { provider_type: 'microsoft', one_tap: false },
      ]);
    } finally {
      await ctx.db
        .deleteFrom('oauth_provider_configs')
        .where('project_id', '=', ctx.dev.project.id)
        .execute();
    }
  });
});
