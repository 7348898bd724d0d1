/** @module user-object — maps a user with its emails, phones, password, passkeys, upstream identities, wallets and TOTP to the wire User object. */
import { toWireCryptoWallet } from '../crypto-wallets/crypto-wallet-object.js';
import { toWireOAuthProvider } from '../oauth/oauth-provider-object.js';
import { toWireWebAuthnRegistration } from '../webauthn/webauthn-registration-object.js';
import type { UserWithEmails } from './users.repository.js';
import type { WireUser } from './users.schemas.js';

/** Rows → wire User with every field present (wire/objects.md [REC]). */
export function toWireUser(user: UserWithEmails): WireUser {
  const { emails, phone_numbers: phoneNumbers, password } = user;
  return {
    user_id: user.id,
    created_at: user.created_at.toISOString(),
    status: user.status,
    name: { first_name: user.first_name, middle_name: user.middle_name, last_name: user.last_name },
    emails: emails.map((e) => ({ email_id: e.id, email: e.email, verified: e.verified })),
    phone_numbers: phoneNumbers.map((p) => ({
      phone_id: p.id,
      phone_number: p.phone_number,
      verified: p.verified,
    })),
    crypto_wallets: user.crypto_wallets.map(toWireCryptoWallet),
    providers: user.providers.map(toWireOAuthProvider),
    // The id and the reset flag only: never the hash.
    password: password && { password_id: password.password_id, requires_reset: password.requires_reset },
    totps: user.totps.map((t) => ({ totp_id: t.id, verified: t.verified })),
    webauthn_registrations: user.webauthn_registrations.map(toWireWebAuthnRegistration),
    biometric_registrations: [],
    trusted_metadata: user.trusted_metadata,
    untrusted_metadata: user.untrusted_metadata,
  };
}
