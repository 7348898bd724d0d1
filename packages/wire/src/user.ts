/** @module user — the wire User object (wire/objects.md "User"). */
import { type Static, Type } from 'typebox';
import {
  BiometricRegistrationSchema,
  MetadataSchema,
  OAuthRegistrationSchema,
  UserCryptoWalletSchema,
  UserEmailSchema,
  UserPasswordSchema,
  UserPhoneNumberSchema,
  UserTotpSchema,
  WebAuthnRegistrationSchema,
} from './user-factors.js';

/** The three name parts; `PUT /users/me` may send any subset. */
export const UserNameSchema = Type.Object({
  first_name: Type.String(),
  middle_name: Type.String(),
  last_name: Type.String(),
});

/** wire/objects.md User: every field is always present (empty arrays, `{}`, `password: null`). */
export const UserSchema = Type.Object({
  user_id: Type.String(),
  created_at: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('pending')]),
  name: UserNameSchema,
  emails: Type.Array(UserEmailSchema),
  phone_numbers: Type.Array(UserPhoneNumberSchema),
  crypto_wallets: Type.Array(UserCryptoWalletSchema),
  providers: Type.Array(OAuthRegistrationSchema),
  password: UserPasswordSchema,
  totps: Type.Array(UserTotpSchema),
  webauthn_registrations: Type.Array(WebAuthnRegistrationSchema),
  biometric_registrations: Type.Array(BiometricRegistrationSchema),
  trusted_metadata: MetadataSchema,
  untrusted_metadata: MetadataSchema,
});

/** The wire User. */
export type User = Static<typeof UserSchema>;
/** The user's name parts. */
export type UserName = Static<typeof UserNameSchema>;
