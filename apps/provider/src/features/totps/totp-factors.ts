/** @module totp-factors — the session factors an authenticator app code and a recovery code add (wire/objects.md). */
import { authenticationFactor } from '../sessions/authentication-factor.js';
import type { AuthenticationFactor } from '../sessions/sessions.table.js';

/** `{type: "totp", delivery_method: "authenticator_app", authenticator_app_factor: {totp_id}}`. */
export function totpFactor(totpId: string, now: Date): AuthenticationFactor {
  return authenticationFactor('totp', 'authenticator_app', now, {
    authenticator_app_factor: { totp_id: totpId },
  });
}

/** `{type: "recovery_codes", delivery_method: "recovery_code", recovery_code_factor: {totp_recovery_code_id}}`. */
export function recoveryCodeFactor(recoveryCodeId: string, now: Date): AuthenticationFactor {
  return authenticationFactor('recovery_codes', 'recovery_code', now, {
    recovery_code_factor: { totp_recovery_code_id: recoveryCodeId },
  });
}
