/** @module clientside-services.schemas — the frame page and the frame's phone-number route. */
import { flatAnswerFields } from '@latchkey/wire';
import { Type } from 'typebox';

/** A public token, as the other public routes bound it. */
export const PublicToken = Type.String({ minLength: 1, maxLength: 200 });
/** The embedding page's origin as the frame saw it (`event.origin`). */
export const ParentOrigin = Type.String({ minLength: 1, maxLength: 2048 });

/** `GET /v1/public/clientside-services?public_token=…`; a missing token answers like an unknown one. */
export const FramePageQuery = Type.Object({ public_token: Type.Optional(Type.String({ maxLength: 200 })) });

/** `POST /v1/public/phone_numbers/parse`. */
export const PhoneNumberParseBody = Type.Object({
  public_token: PublicToken,
  parent_origin: ParentOrigin,
  number: Type.String({ maxLength: 64 }),
  country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
});

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** `POST /v1/public/phone_numbers/example`: the official widget's placeholder for a country. */
export const PhoneNumberExampleBody = Type.Object({
  public_token: PublicToken,
  parent_origin: ParentOrigin,
  country: Type.String({ pattern: '^[A-Za-z]{2}$' }),
});

/** Flat, like the other `/v1/` answers; null for a country without an example. */
export const PhoneNumberExampleResponse = Type.Object({
  ...flatAnswerFields,
  phone_number: NullableString,
});

/** Flat, like the other `/v1/` answers. */
export const PhoneNumberParseResponse = Type.Object({
  ...flatAnswerFields,
  is_valid: Type.Boolean(),
  e164: NullableString,
  national: NullableString,
  country: NullableString,
  calling_code: NullableString,
});
