/** @module users — the answers of `/users/me`, the factor removals and `/users/search`. */
import { type Static, Type } from 'typebox';
import { envelopeSchema } from './envelope.js';
import { UserSchema } from './user.js';

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

/** DELETE /users/{factor}/{id}: the user id and the user as it is now. */
export const UserFactorDeleteResponse = envelopeSchema({ user_id: Type.String(), __user: UserSchema });

/** POST /users/search: `userType` is camelCase on the wire. */
export const UsersSearchResponse = envelopeSchema({
  userType: Type.Union([Type.Literal('new'), Type.Literal('password'), Type.Literal('passwordless')]),
});

export type UserUpdateResponse = Static<typeof UpdateMeResponse>['data'];
export type UserFactorDeleteResponseData = Static<typeof UserFactorDeleteResponse>['data'];
export type UsersSearchResult = Static<typeof UsersSearchResponse>['data'];
