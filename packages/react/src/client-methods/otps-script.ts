/**
 * @module client-methods/otps-script — the standalone bundle's stand-in for @latchkey/client's
 * methods/otps.ts: `client.otps` is loaded from latchkey-otps.js on its first call (passcode widgets and SMS second factors).
 */
import type { OtpsMethods } from '@latchkey/client';
import { lazyMethods } from './lazy-methods.js';

/** The file scripts/build-standalone.mjs writes `client.otps`'s code to. */
export const OTPS_SCRIPT_NAME = 'latchkey-otps.js';

/** Builds `client.otps`: its members at once, its code on the first call. `ctx` is the client's own. */
export function createOtpsMethods(ctx: unknown): OtpsMethods {
  return lazyMethods<OtpsMethods>(OTPS_SCRIPT_NAME, 'createOtpsMethods', ctx, {
    email: { loginOrCreate: true, send: true },
    sms: { loginOrCreate: true, send: true },
    whatsapp: { loginOrCreate: true, send: true },
    authenticate: true,
  });
}
