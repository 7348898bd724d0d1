/** @module authentication-factor — the session factor a proof adds (wire/objects.md AuthenticationFactor). */
import type { AuthenticationFactor } from './sessions.table.js';

/** The detail a factor carries besides its type, delivery method and time: `email_factor`, `webauthn_factor`… */
export type FactorDetail = Omit<AuthenticationFactor, 'type' | 'delivery_method' | 'last_authenticated_at'>;

/** A factor of `type`, delivered by `deliveryMethod`, proven `at`, with its type's `detail`. */
export function authenticationFactor(
  type: string,
  deliveryMethod: string,
  at: Date,
  detail: FactorDetail = {},
): AuthenticationFactor {
  return { type, delivery_method: deliveryMethod, last_authenticated_at: at.toISOString(), ...detail };
}
