/** @module oauth — the answer of `POST /oauth/authenticate` (wire/endpoints.md "OAuth"). */
import { type Static, Type } from 'typebox';
import { signInResponseSchema } from './authenticate-response.js';

/** provider_values: the upstream's tokens (also in the server-facing answer). */
export const ProviderValuesSchema = Type.Object({
  access_token: Type.String(),
  id_token: Type.String(),
  refresh_token: Type.String(),
  scopes: Type.Array(Type.String()),
  expires_at: Type.Union([Type.String(), Type.Null()]),
});

/** POST /oauth/authenticate: AuthenticateResponse + the identity and the upstream's tokens. */
export const OAuthAuthenticateResponse = signInResponseSchema({
  provider_subject: Type.String(),
  provider_type: Type.String(),
  profile_picture_url: Type.String(),
  locale: Type.String(),
  provider_values: ProviderValuesSchema,
});

export type ProviderValues = Static<typeof ProviderValuesSchema>;
