/**
 * @module client-methods/oauth-script — the standalone bundle's stand-in for @latchkey/client's
 * methods/oauth.ts: `client.oauth` is loaded from latchkey-oauth.js on its first call (OAuth
 * widgets, and pages that redeem a provider's token).
 */
import type { OAuthMethods, OAuthProviderType } from '@latchkey/client';
import { isChunkLoadFailure, lazyMethods, type MethodShape } from './lazy-methods.js';

/** The file scripts/build-standalone.mjs writes `client.oauth`'s code to. */
export const OAUTH_SCRIPT_NAME = 'latchkey-oauth.js';

/**
 * Every provider the start route knows, in the wire's order (`endpoints.md`, OAuth start): the
 * client's own list, which lives in methods/oauth.ts, the module this file stands in for (and the
 * client's index re-exports from it). oauth-script.test.ts checks that the two agree.
 */
export const OAUTH_PROVIDER_TYPES: readonly OAuthProviderType[] = [
  'google',
  'microsoft',
  'apple',
  'github',
  'gitlab',
  'facebook',
  'discord',
  'salesforce',
  'slack',
  'amazon',
  'bitbucket',
  'linkedin',
  'coinbase',
  'twitch',
  'twitter',
  'tiktok',
  'snapchat',
  'figma',
  'yahoo',
];

const SHAPE: MethodShape = {
  ...Object.fromEntries(OAUTH_PROVIDER_TYPES.map((provider) => [provider, { start: true } as const])),
  authenticate: true,
  googleOneTap: { start: true },
};

/** Builds `client.oauth`: its members at once, its code on the first call. `ctx` is the client's own. */
export function createOAuthMethods(ctx: unknown): OAuthMethods {
  const methods = lazyMethods<OAuthMethods>(
    OAUTH_SCRIPT_NAME,
    (chunk: { createOAuthMethods(ctx: unknown): OAuthMethods }) => chunk.createOAuthMethods(ctx),
    SHAPE,
  );
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
