/** @module user-object — maps a user with its factors (user-with-factors) to the wire User object and its factor entries. */
import type { OAuthRegistration, WebAuthnRegistration } from '@latchkey/wire';
import type {
  CryptoWalletSummary,
  OAuthProviderSummary,
  UserWithFactors,
  WebauthnRegistrationSummary,
} from './user-with-factors.js';
import type { WireUser } from './users.schemas.js';

/** The wire CryptoWallet (wire/objects.md User.crypto_wallets). */
export type WireCryptoWallet = WireUser['crypto_wallets'][number];

/** Summary → wire CryptoWallet. */
export function toWireCryptoWallet(wallet: CryptoWalletSummary): WireCryptoWallet {
  return {
    crypto_wallet_id: wallet.id,
    crypto_wallet_address: wallet.address,
    crypto_wallet_type: wallet.type,
    verified: wallet.verified,
  };
}

/** Summary → wire User.providers[] entry: one linked upstream identity. */
export function toWireOAuthProvider(row: OAuthProviderSummary): OAuthRegistration {
  return {
    oauth_user_registration_id: row.id,
    provider_subject: row.provider_subject,
    provider_type: row.provider_type,
    profile_picture_url: row.profile_picture_url,
    locale: row.locale,
  };
}

const iso = (value: Date | string) => new Date(value).toISOString();

function authenticatorTypeOf(value: string): WebAuthnRegistration['authenticator_type'] {
  return value === 'platform' || value === 'cross-platform' ? value : '';
}

/**
 * Summary → wire WebAuthnRegistration (User.webauthn_registrations[], PUT /webauthn/update). Only a
 * verified ceremony ever stores a row, so `verified` is always true.
 */
export function toWireWebAuthnRegistration(row: WebauthnRegistrationSummary): WebAuthnRegistration {
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

/** Rows → wire User with every field present (wire/objects.md [REC]). */
export function toWireUser(user: UserWithFactors): WireUser {
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
