/** @module users.schemas — the wire User object and the /users/me request and response schemas. */
import { type Static, Type } from 'typebox';
import { envelopeSchema } from '../../http/envelope.js';
import { OAuthProviderSchema } from '../oauth/oauth-provider-object.js';
import { WebAuthnRegistrationSchema } from '../webauthn/webauthn-registration-object.js';

/** Free-form metadata objects. */
export const MetadataSchema = Type.Record(Type.String(), Type.Unknown());

/** wire/objects.md User: every field is always present (empty arrays, `{}`, `password: null`). */
export const UserSchema = Type.Object({
  user_id: Type.String(),
  created_at: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('pending')]),
  name: Type.Object({ first_name: Type.String(), middle_name: Type.String(), last_name: Type.String() }),
  emails: Type.Array(
    Type.Object({ email_id: Type.String(), email: Type.String(), verified: Type.Boolean() }),
  ),
  phone_numbers: Type.Array(
    Type.Object({ phone_id: Type.String(), phone_number: Type.String(), verified: Type.Boolean() }),
  ),
  crypto_wallets: Type.Array(
    Type.Object({
      crypto_wallet_id: Type.String(),
      crypto_wallet_address: Type.String(),
      crypto_wallet_type: Type.String(),
      verified: Type.Boolean(),
    }),
  ),
  providers: Type.Array(OAuthProviderSchema),
  password: Type.Union([
    Type.Null(),
    Type.Object({ password_id: Type.String(), requires_reset: Type.Boolean() }),
  ]),
  totps: Type.Array(Type.Object({ totp_id: Type.String(), verified: Type.Boolean() })),
  webauthn_registrations: Type.Array(WebAuthnRegistrationSchema),
  biometric_registrations: Type.Array(
    Type.Object({ biometric_registration_id: Type.String(), verified: Type.Boolean() }),
  ),
  trusted_metadata: MetadataSchema,
  untrusted_metadata: MetadataSchema,
});

/** The wire User. */
export type WireUser = Static<typeof UserSchema>;

const NamePart = Type.String({ maxLength: 256, pattern: '^[^\\u0000-\\u001f\\u007f]*$' });

/** PUT /users/me body: any subset of the name parts, and untrusted_metadata (an object). */
export const UpdateMeBody = Type.Object({
  name: Type.Optional(
    Type.Object({
      first_name: Type.Optional(NamePart),
      middle_name: Type.Optional(NamePart),
      last_name: Type.Optional(NamePart),
    }),
  ),
  untrusted_metadata: Type.Optional(MetadataSchema),
});

/** GET /users/me: the User fields flat in `data`. */
export const GetMeResponse = envelopeSchema(UserSchema.properties);

/** PUT /users/me: user_id, emails, phone_numbers, crypto_wallets and __user. */
export const UpdateMeResponse = envelopeSchema({
  user_id: Type.String(),
  emails: UserSchema.properties.emails,
  phone_numbers: UserSchema.properties.phone_numbers,
  crypto_wallets: UserSchema.properties.crypto_wallets,
  __user: UserSchema,
});
