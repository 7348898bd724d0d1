/**
 * @module internal/load-start-registration — the browser's passkey-creation ceremony
 * (`@simplewebauthn/browser`'s `startRegistration`), handed out by a loader: bundled, it is here
 * already; the widget's script-tag build swaps this module for one that loads the ceremony from a
 * file only where passkeys are created (packages/react/scripts/build-standalone.mjs).
 */
import { startRegistration } from '@simplewebauthn/browser';

/** Resolves `startRegistration`. */
export function loadStartRegistration(): Promise<typeof startRegistration> {
  return Promise.resolve(startRegistration);
}
