/**
 * @module client-methods/webauthn-script — the standalone bundle's stand-in for @latchkey/client's
 * methods/webauthn.ts: `client.webauthn` is loaded from latchkey-webauthn.js on its first call (passkey widgets and passkey registration).
 */
import type { WebAuthnMethods } from '@latchkey/client';
import { lazyMethods } from './lazy-methods.js';

/** The file scripts/build-standalone.mjs writes `client.webauthn`'s code to. */
export const WEBAUTHN_SCRIPT_NAME = 'latchkey-webauthn.js';

/** Builds `client.webauthn`: its members at once, its code on the first call. `ctx` is the client's own. */
export function createWebAuthnMethods(ctx: unknown): WebAuthnMethods {
  return lazyMethods<WebAuthnMethods>(WEBAUTHN_SCRIPT_NAME, 'createWebAuthnMethods', ctx, {
    register: true,
    authenticate: true,
    update: true,
    browserSupportsAutofill: true,
  });
}
