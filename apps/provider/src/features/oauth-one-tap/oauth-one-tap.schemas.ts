/** @module oauth-one-tap.schemas — POST /v1/public/oauth/google/onetap/start and /submit (flat answers, as the other /v1/ routes). */
import { flatAnswerFields } from '@latchkey/wire';
import { Type } from 'typebox';
import { ParentOrigin, PublicToken } from '../clientside-services/clientside-services.schemas.js';

const Url = Type.String({ minLength: 1, maxLength: 2048 });

/** Body of the start. */
export const OneTapStartBody = Type.Object({ public_token: PublicToken, parent_origin: ParentOrigin });

/** Answer of the start. */
export const OneTapStartResponse = Type.Object({
  ...flatAnswerFields,
  google_client_id: Type.String(),
  oauth_callback_id: Type.String(),
});

/** Body of the submit; a Google ID token is a compact JWS of a few kilobytes. */
export const OneTapSubmitBody = Type.Object({
  public_token: PublicToken,
  parent_origin: ParentOrigin,
  credential: Type.String({ minLength: 1, maxLength: 16_384 }),
  oauth_callback_id: Type.String({ minLength: 1, maxLength: 256 }),
  login_redirect_url: Type.Optional(Url),
  signup_redirect_url: Type.Optional(Url),
});

/** Answer of the submit. */
export const OneTapSubmitResponse = Type.Object({
  ...flatAnswerFields,
  redirect_url: Type.String(),
});
