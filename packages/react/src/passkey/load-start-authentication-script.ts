/**
 * @module passkey/load-start-authentication-script — the standalone bundle's stand-in for
 * @latchkey/client's internal/load-start-authentication.ts: @simplewebauthn/browser's
 * `startAuthentication` comes from latchkey-passkey-sign-in.js, which only pages that offer
 * passkeys fetch (the first passkey request: autofill when the email field shows, or the button).
 */
import { importChunkScript } from '../chunks/import-chunk-script.js';

/** The file scripts/build-standalone.mjs writes the passkey sign-in ceremony to, next to the widget bundle. */
export const PASSKEY_SIGN_IN_SCRIPT_NAME = 'latchkey-passkey-sign-in.js';

// Typed loosely on purpose: the real module is internal to @latchkey/client, so this package cannot
// name its types. The build swaps this file in for it, and standalone.test.ts runs the two together.
type StartAuthentication = (...args: unknown[]) => Promise<unknown>;

/** Resolves `startAuthentication` from the chunk, loading it on first use. */
export function loadStartAuthentication(): Promise<StartAuthentication> {
  return importChunkScript<{ startAuthentication: StartAuthentication }>(PASSKEY_SIGN_IN_SCRIPT_NAME).then(
    (chunk) => chunk.startAuthentication,
  );
}
