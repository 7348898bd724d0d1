/**
 * @module client-methods/oauth-script — the standalone bundle's stand-in for @latchkey/client's
 * methods/oauth.ts: `client.oauth` is loaded from latchkey-oauth.js on its first call (OAuth
 * widgets, and pages that redeem a provider's token).
 */
import type { OAuthMethods } from '@latchkey/client';
import { OAUTH_PROVIDER_TYPES } from '@latchkey/wire/oauth-providers';
import { isChunkLoadFailure, lazyMethods, type MethodShape } from './lazy-methods.js';

/**
 * Every provider the start route knows, in the wire's order: `@latchkey/wire`'s one list, exported
 * here as methods/oauth.ts exports it, since the client's index re-exports it from this stand-in.
 */
export { OAUTH_PROVIDER_TYPES };

/** The file scripts/build-standalone.mjs writes `client.oauth`'s code to. */
export const OAUTH_SCRIPT_NAME = 'latchkey-oauth.js';

const SHAPE: MethodShape = {
  ...Object.fromEntries(OAUTH_PROVIDER_TYPES.map((provider) => [provider, { start: true } as const])),
  authenticate: true,
  googleOneTap: { start: true },
};

/** Builds `client.oauth`: its members at once, its code on the first call. `ctx` is the client's own. */
export function createOAuthMethods(ctx: unknown): OAuthMethods {
  const methods = lazyMethods<OAuthMethods>(OAUTH_SCRIPT_NAME, 'createOAuthMethods', ctx, SHAPE);
  const { start } = methods.googleOneTap;
  // One Tap's start rejects only for bad arguments: code that cannot load is one more reason the
  // prompt did not show, as when its own prompt file cannot load.
  methods.googleOneTap.start = (options) =>
    start(options).catch((error: unknown) => {
      if (!isChunkLoadFailure(error)) throw error;
      return { success: false, reason: 'unknown_reason', error };
    });
  return methods;
}
