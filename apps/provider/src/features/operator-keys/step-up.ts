/**
 * @module step-up — destructive operator actions (deleting a user, rotating a secret, removing an
 * OAuth provider, revoking an operator key, removing a console operator) need a console session
 * that proved a factor within the last 5 minutes (OWASP ASVS 7.5.1, re-authentication before
 * sensitive changes); else 403 step_up_required, and the console asks for a passkey or authenticator code, then retries.
 * An operator key is a machine credential with no person to re-ask: it is not stepped up.
 */
import { ApiError } from '../../errors/api-error.js';
import { STEP_UP_WINDOW_MINUTES } from './console-policy.js';
import type { Operator } from './operator-auth.js';

/** Throws 403 step_up_required unless `operator` may do a destructive action at `now`. */
export function requireRecentFactor(operator: Operator, now: Date): void {
  if (!operator.console) return;
  if (now.getTime() - operator.console.lastFactorAt.getTime() <= STEP_UP_WINDOW_MINUTES * 60_000) return;
  throw new ApiError('step_up_required');
}
