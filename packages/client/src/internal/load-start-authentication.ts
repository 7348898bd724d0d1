/**
 * @module internal/load-start-authentication — the browser's passkey sign-in ceremony
 * (`@simplewebauthn/browser`'s `startAuthentication`), handed out by a loader: bundled, it is here
 * already; the widget's script-tag build swaps this module for one that loads the ceremony from a
 * file only on pages that offer passkeys (packages/react/scripts/build-standalone.mjs).
 */
import { startAuthentication } from '@simplewebauthn/browser';

/** Resolves `startAuthentication`. */
export function loadStartAuthentication(): Promise<typeof startAuthentication> {
  return Promise.resolve(startAuthentication);
}
