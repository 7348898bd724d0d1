/** @module users.schemas — the /users/me request schema; the User and the answers are `@latchkey/wire`'s. */
import { MetadataSchema, type User } from '@latchkey/wire';
import { Type } from 'typebox';

export { GetMeResponse, MetadataSchema, UpdateMeResponse, UserSchema } from '@latchkey/wire';

/** The wire User. */
export type WireUser = User;

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
