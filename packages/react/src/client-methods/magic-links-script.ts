/**
 * @module client-methods/magic-links-script — the standalone bundle's stand-in for @latchkey/client's
 * methods/magic-links.ts: `client.magicLinks` is loaded from latchkey-magic-links.js on its first call (emailMagicLinks widgets and pages that redeem a magic link).
 */
import type { MagicLinksMethods } from '@latchkey/client';
import { lazyMethods } from './lazy-methods.js';

/** The file scripts/build-standalone.mjs writes `client.magicLinks`'s code to. */
export const MAGIC_LINKS_SCRIPT_NAME = 'latchkey-magic-links.js';

/** Builds `client.magicLinks`: its members at once, its code on the first call. `ctx` is the client's own. */
export function createMagicLinksMethods(ctx: unknown): MagicLinksMethods {
  return lazyMethods<MagicLinksMethods>(MAGIC_LINKS_SCRIPT_NAME, 'createMagicLinksMethods', ctx, {
    email: { loginOrCreate: true, send: true },
    authenticate: true,
  });
}
