/** @module user-factors — the factor objects listed on a wire User (wire/objects.md "User"). */
import { type Static, Type } from 'typebox';

/** Free-form metadata objects (`trusted_metadata`, `untrusted_metadata`, `custom_claims`). */
export const MetadataSchema = Type.Record(Type.String(), Type.Unknown());

/** User.emails[]. */
export const UserEmailSchema = Type.Object({
  email_id: Type.String(),
  email: Type.String(),
  verified: Type.Boolean(),
});

/** User.phone_numbers[]. */
export const UserPhoneNumberSchema = Type.Object({
  phone_id: Type.String(),
  phone_number: Type.String(),
  verified: Type.Boolean(),
});

/** User.crypto_wallets[]. */
export const UserCryptoWalletSchema = Type.Object({
  crypto_wallet_id: Type.String(),
  crypto_wallet_address: Type.String(),
  crypto_wallet_type: Type.String(),
  verified: Type.Boolean(),
});

/** User.providers[]: one linked upstream identity (docs/contracts.md "OAuth"). */
export const OAuthRegistrationSchema = Type.Object({
  oauth_user_registration_id: Type.String(),
  provider_subject: Type.String(),
  provider_type: Type.String(),
  profile_picture_url: Type.String(),
  locale: Type.String(),
});

/** User.password: null, or the password's id and whether it must be reset. */
export const UserPasswordSchema = Type.Union([
  Type.Null(),
  Type.Object({ password_id: Type.String(), requires_reset: Type.Boolean() }),
]);

/** User.totps[]. */
export const UserTotpSchema = Type.Object({ totp_id: Type.String(), verified: Type.Boolean() });

/** wire/objects.md WebAuthnRegistration, with the fields docs/contracts.md "Passkeys" adds. */
export const WebAuthnRegistrationSchema = Type.Object({
  webauthn_registration_id: Type.String(),
  domain: Type.String(),
  user_agent: Type.String(),
  authenticator_type: Type.Union([
    Type.Literal('platform'),
    Type.Literal('cross-platform'),
    Type.Literal(''),
  ]),
  verified: Type.Boolean(),
  name: Type.String(),
  created_at: Type.String(),
  /** Null until the passkey is first used to sign in. */
  last_authenticated_at: Type.Union([Type.String(), Type.Null()]),
});

/** User.biometric_registrations[] (mobile only; always empty on the web). */
export const BiometricRegistrationSchema = Type.Object({
  biometric_registration_id: Type.String(),
  verified: Type.Boolean(),
});

export type Metadata = Static<typeof MetadataSchema>;
export type UserEmail = Static<typeof UserEmailSchema>;
export type UserPhoneNumber = Static<typeof UserPhoneNumberSchema>;
export type UserCryptoWallet = Static<typeof UserCryptoWalletSchema>;
export type OAuthRegistration = Static<typeof OAuthRegistrationSchema>;
export type UserPassword = Static<typeof UserPasswordSchema>;
export type UserTotp = Static<typeof UserTotpSchema>;
export type WebAuthnRegistration = Static<typeof WebAuthnRegistrationSchema>;
export type BiometricRegistration = Static<typeof BiometricRegistrationSchema>;
