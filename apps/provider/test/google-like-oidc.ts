/**
 * @module test/google-like-oidc — what the test OpenID providers (this folder's loopback issuer and
 * the e2e stack's fake Google) configure alike in oidc-provider: Google's claims by scope, and a
 * person who agreed to share their profile before, so no consent step stands between the login
 * and the redirect.
 */
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';

/** The claims each scope releases, as Google's do. */
export const GOOGLE_CLAIMS: NonNullable<Configuration['claims']> = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'given_name', 'family_name', 'picture', 'locale'],
};

/** `loadExistingGrant`: the signed-in account has granted `openid email profile` to the client. */
export async function grantProfileBefore(ctx: KoaContextWithOIDC) {
  const accountId = ctx.oidc.session?.accountId;
  const client = ctx.oidc.client;
  if (!accountId || !client) return undefined;
  const grant = new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId });
  grant.addOIDCScope('openid email profile');
  await grant.save();
  return grant;
}
