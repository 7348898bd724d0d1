/** @module totps — the answers of the TOTP endpoints (wire/endpoints.md "TOTP"). */
import { type Static, Type } from 'typebox';
import { authenticateResponseSchema } from './authenticate-response.js';
import { envelopeSchema } from './envelope.js';
import { UserSchema } from './user.js';

/** POST /totps: the secret, its QR code and the recovery codes, shown this once. */
export const TotpsCreateResponse = envelopeSchema({
  user_id: Type.String(),
  totp_id: Type.String(),
  /** Base32, for typing into an authenticator app by hand. */
  secret: Type.String(),
  /** A `data:image/png;base64,…` URL of the `otpauth://` URI. */
  qr_code: Type.String(),
  /** Ten single-use codes; the provider keeps only their hashes. */
  recovery_codes: Type.Array(Type.String()),
  __user: UserSchema,
});

/** /totps/authenticate and /totps/recover: AuthenticateResponse + totp_id. */
export const TotpsAuthenticateResponse = authenticateResponseSchema({ totp_id: Type.String() });

/** POST /totps/recovery_codes: a new set of codes (the old ones stop working). */
export const TotpsRecoveryCodesResponse = envelopeSchema({
  user_id: Type.String(),
  totps: Type.Object({
    totp_id: Type.String(),
    verified: Type.Boolean(),
    recovery_codes: Type.Array(Type.String()),
  }),
});

export type TotpsCreateResponseData = Static<typeof TotpsCreateResponse>['data'];
export type TotpsRecoveryCodesResult = Static<typeof TotpsRecoveryCodesResponse>['data'];
