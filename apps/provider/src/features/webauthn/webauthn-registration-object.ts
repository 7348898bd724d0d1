/** @module webauthn-registration-object — the wire WebAuthnRegistration (User.webauthn_registrations[], PUT /webauthn/update). */
import type { WebAuthnRegistration } from '@latchkey/wire';

export { WebAuthnRegistrationSchema } from '@latchkey/wire';

/** The wire WebAuthnRegistration. */
export type WireWebAuthnRegistration = WebAuthnRegistration;

/**
 * The columns the wire object shows. Timestamps are Dates when read from a row and strings when
 * read through json_agg (the user's list), so both are accepted.
 */
export interface WebauthnRegistrationSummary {
  id: string;
  domain: string;
  user_agent: string;
  authenticator_type: string;
  name: string;
  created_at: Date | string;
  last_authenticated_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function authenticatorTypeOf(value: string): WireWebAuthnRegistration['authenticator_type'] {
  return value === 'platform' || value === 'cross-platform' ? value : '';
}

/** Summary → wire object. Only a verified ceremony ever stores a row, so `verified` is always true. */
export function toWireWebAuthnRegistration(row: WebauthnRegistrationSummary): WireWebAuthnRegistration {
  return {
    webauthn_registration_id: row.id,
    domain: row.domain,
    user_agent: row.user_agent,
    authenticator_type: authenticatorTypeOf(row.authenticator_type),
    verified: true,
    name: row.name,
    created_at: iso(row.created_at),
    last_authenticated_at: row.last_authenticated_at === null ? null : iso(row.last_authenticated_at),
  };
}
