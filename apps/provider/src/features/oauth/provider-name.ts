/** @module provider-name — the `{provider}` path segment of the redirect routes, checked. */
import { ApiError } from '../../errors/api-error.js';
import { isOAuthProviderType, type OAuthProviderType } from './upstream/provider-types.js';

/** A known provider name, else 400 invalid_request naming it. */
export function requireProviderType(name: string): OAuthProviderType {
  if (!isOAuthProviderType(name)) {
    throw new ApiError('invalid_request', { message: `"${name}" is not an OAuth provider this API knows.` });
  }
  return name;
}
