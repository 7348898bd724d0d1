/** @module callback-url — the `redirect_uri` of every flow, as registered with the upstream. */
import type { OAuthProviderType } from './upstream/provider-types.js';

/** `{publicUrl}/v1/public/oauth/{provider}/callback` (publicUrl is LATCHKEY_PUBLIC_URL). */
export function callbackUrl(publicUrl: string, provider: OAuthProviderType): string {
  return `${publicUrl}/v1/public/oauth/${provider}/callback`;
}
