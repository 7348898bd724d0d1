/** @module user-object — maps user and email rows to the wire User object. */
import type { WireUser } from './users.schemas.js';
import type { EmailRow, UserRow } from './users.table.js';

/** Rows → wire User with every field present (wire/objects.md [REC]). */
export function toWireUser(user: UserRow, emails: EmailRow[]): WireUser {
  return {
    user_id: user.id,
    created_at: user.created_at.toISOString(),
    status: user.status,
    name: { first_name: user.first_name, middle_name: user.middle_name, last_name: user.last_name },
    emails: emails.map((e) => ({ email_id: e.id, email: e.email, verified: e.verified })),
    phone_numbers: [],
    crypto_wallets: [],
    providers: [],
    password: null,
    totps: [],
    webauthn_registrations: [],
    biometric_registrations: [],
    trusted_metadata: user.trusted_metadata,
    untrusted_metadata: user.untrusted_metadata,
  };
}
