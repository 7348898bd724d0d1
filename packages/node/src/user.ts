/** @module user — the wire User object (wire/objects.md), as the server-facing API returns it. */

/** The wire User object (snake_case). Every list is present, possibly empty. */
export interface User {
  user_id: string;
  created_at: string;
  status: 'active' | 'pending';
  name: { first_name: string; middle_name: string; last_name: string };
  emails: { email_id: string; email: string; verified: boolean }[];
  phone_numbers: { phone_id: string; phone_number: string; verified: boolean }[];
  crypto_wallets: {
    crypto_wallet_id: string;
    crypto_wallet_address: string;
    crypto_wallet_type: string;
    verified: boolean;
  }[];
  providers: {
    oauth_user_registration_id: string;
    provider_subject: string;
    provider_type: string;
    profile_picture_url: string;
    locale: string;
  }[];
  password: { password_id: string; requires_reset: boolean } | null;
  totps: { totp_id: string; verified: boolean }[];
  webauthn_registrations: {
    webauthn_registration_id: string;
    domain: string;
    user_agent: string;
    authenticator_type: string;
    verified: boolean;
    name: string;
  }[];
  biometric_registrations: { biometric_registration_id: string; verified: boolean }[];
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
}
