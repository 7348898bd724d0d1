/**
 * @module mfa/load-mfa-steps — the second-factor calls for the machine's effects, handed out by a
 * loader: in the package they are here already; the script-tag build swaps this module for
 * load-mfa-steps-script.ts, which takes them from latchkey-mfa.js (scripts/build-standalone.mjs).
 */
import * as steps from './mfa-steps.js';

/** The steps' module. */
export type MfaSteps = typeof steps;

/** Resolves the steps. */
export function loadMfaSteps(): Promise<MfaSteps> {
  return Promise.resolve(steps);
}
