/**
 * @module github-identity — who signed in with GitHub, which has no ID token: `GET /user` for the
 * account and `GET /user/emails` for the primary verified address.
 */
import { ApiError } from '../../../errors/api-error.js';
import type { UpstreamIdentity } from './identity.js';
import { splitFullName, upstreamEmail } from './identity-claims.js';
import { GITHUB_ISSUER } from './presets.js';
import type { UpstreamConfig } from './upstream-config.js';
import { asObject, type UpstreamHttp } from './upstream-http.js';
import { getUserApi } from './user-api.js';

const GITHUB_HEADERS = { Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': '2022-11-28' };

/** Reads the GitHub account behind `accessToken`; `userEndpoint` is `https://api.github.com/user` unless overridden. */
export async function fetchGitHubIdentity(
  http: UpstreamHttp,
  config: UpstreamConfig,
  userEndpoint: string,
  accessToken: string,
): Promise<UpstreamIdentity> {
  const user = await getUserApi(http, userEndpoint, accessToken, GITHUB_HEADERS);
  if (!user.ok) {
    throw new ApiError('oauth_token_invalid', {
      message: `GitHub refused the access token when asked who signed in (HTTP ${user.status}).`,
    });
  }
  const account = asObject(user.body);
  const id = account?.id;
  if (!account || (typeof id !== 'number' && typeof id !== 'string') || String(id) === '') {
    throw new ApiError('oauth_token_invalid', { message: "GitHub's user API answer has no account id." });
  }
  const email = await primaryVerifiedEmail(http, `${userEndpoint.replace(/\/$/, '')}/emails`, accessToken);
  const name = splitFullName(account.name);
  return {
    providerType: config.providerType,
    issuer: config.issuer ?? GITHUB_ISSUER,
    // The numeric id never changes; the login can be renamed and reused by someone else.
    subject: String(id),
    email,
    emailVerified: email !== null,
    firstName: name.firstName,
    lastName: name.lastName,
    pictureUrl:
      typeof account.avatar_url === 'string' && /^https?:\/\//i.test(account.avatar_url)
        ? account.avatar_url
        : null,
    locale: null,
  };
}

/**
 * The primary address when GitHub has verified it, else null: `/user`'s `email` is the public
 * profile address, which is neither necessarily verified nor always present.
 */
async function primaryVerifiedEmail(
  http: UpstreamHttp,
  url: string,
  accessToken: string,
): Promise<string | null> {
  const emails = await getUserApi(http, url, accessToken, GITHUB_HEADERS);
  // Without the user:email scope GitHub answers 403 or 404: the sign-in works, without an address.
  if (!emails.ok || !Array.isArray(emails.body)) return null;
  for (const entry of emails.body) {
    const item = asObject(entry);
    if (item?.primary === true && item.verified === true) return upstreamEmail(item.email);
  }
  return null;
}
