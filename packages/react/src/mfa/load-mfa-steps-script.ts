/**
 * @module mfa/load-mfa-steps-script — the standalone bundle's stand-in for load-mfa-steps.ts: the
 * calls come with MFAAuthenticate in latchkey-mfa.js (usually there already once the screen shows).
 */
import { importChunkScript } from '../chunks/import-chunk-script.js';
import type { MfaSteps } from './load-mfa-steps.js';
import { MFA_SCRIPT_NAME } from './mfa-screens-script.js';

/** Resolves the steps from the chunk, loading it on first use. */
export function loadMfaSteps(): Promise<MfaSteps> {
  return importChunkScript<MfaSteps>(MFA_SCRIPT_NAME);
}
