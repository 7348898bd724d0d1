/**
 * @module client-methods/totps-script — the standalone bundle's stand-in for @latchkey/client's
 * methods/totps.ts: `client.totps` is loaded from latchkey-mfa.js on its first call (second-factor sign-ins (the file that has MFAAuthenticate)).
 */
import type { TotpsMethods } from '@latchkey/client';
import { lazyMethods } from './lazy-methods.js';

/** The file scripts/build-standalone.mjs writes `client.totps`'s code to. */
export const TOTPS_SCRIPT_NAME = 'latchkey-mfa.js';

/** Builds `client.totps`: its members at once, its code on the first call. `ctx` is the client's own. */
export function createTotpsMethods(ctx: unknown): TotpsMethods {
  return lazyMethods<TotpsMethods>(TOTPS_SCRIPT_NAME, 'createTotpsMethods', ctx, {
    create: true,
    authenticate: true,
    recoveryCodes: true,
    recover: true,
  });
}
