/**
 * @module crypto/load-crypto-ceremony — the crypto sign-in steps (and the wallet layer behind them)
 * for the machine's effects, handed out by a loader: in the package they are here already; the
 * script-tag build swaps this module for load-crypto-ceremony-script.ts, which takes them from
 * latchkey-crypto.js, so the widget bundle carries no wallet code (scripts/build-standalone.mjs).
 */
import * as ceremony from './crypto-ceremony.js';

/** The steps' module. */
export type CryptoCeremony = typeof ceremony;

/** Resolves the steps. */
export function loadCryptoCeremony(): Promise<CryptoCeremony> {
  return Promise.resolve(ceremony);
}
