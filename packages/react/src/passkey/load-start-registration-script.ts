/**
 * @module passkey/load-start-registration-script — the standalone bundle's stand-in for
 * @latchkey/client's internal/load-start-registration.ts: @simplewebauthn/browser's
 * `startRegistration` comes with the passkey-registration screens, in latchkey-passkey-registration.js.
 */
import { importChunkScript } from '../chunks/import-chunk-script.js';
import { PASSKEY_REGISTRATION_SCRIPT_NAME } from './passkey-screens-script.js';

// Typed loosely on purpose: the real module is internal to @latchkey/client, so this package cannot
// name its types. The build swaps this file in for it, and standalone.test.ts runs the two together.
type StartRegistration = (...args: unknown[]) => Promise<unknown>;

/** Resolves `startRegistration` from the chunk (already there once the screens have shown). */
export function loadStartRegistration(): Promise<StartRegistration> {
  return importChunkScript<{ startRegistration: StartRegistration }>(PASSKEY_REGISTRATION_SCRIPT_NAME).then(
    (chunk) => chunk.startRegistration,
  );
}
