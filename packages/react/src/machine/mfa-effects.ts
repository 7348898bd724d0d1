/**
 * @module machine/mfa-effects — the second-factor effects of MFAAuthenticate (issue 9). The calls
 * themselves are in mfa/mfa-steps.ts (latchkey-mfa.js for the script-tag bundle, with the screen).
 */
import { loadMfaSteps, type MfaSteps } from '../mfa/load-mfa-steps.js';
import { type EffectContext, fail } from './effect-context.js';
import type { Event, EventOf } from './event.js';
import type { Screen } from './screen.js';

/** The requests of MFAAuthenticate, each of which makes one call. */
export type MfaCommand = EventOf<
  'MFA_CODE_ENTERED' | 'MFA_RECOVERY_CODE_SUBMITTED' | 'MFA_SMS_REQUESTED' | 'MFA_ENROLMENT_REQUESTED'
>;

/**
 * Runs the call of `event` from `state.screen` once the calls' code is here; code that cannot
 * load fails the request like the call would.
 */
export async function mfaCommand(
  state: { screen: Screen },
  event: MfaCommand,
  ctx: EffectContext,
): Promise<Event> {
  let steps: MfaSteps;
  try {
    steps = await loadMfaSteps();
  } catch (error) {
    return fail(ctx, error);
  }
  return steps.runMfaCommand(state.screen, event, ctx);
}
