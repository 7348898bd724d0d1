/**
 * @module server-users — `/v1/users…` of the server-facing API (project secret): the hosted
 * provider's server API for users (create, get, search, update, delete, remove one factor), flat
 * answers with `status_code` and `request_id`, the user object exactly as the browser API shows it.
 * Request bodies refuse unknown fields, so a misspelt field is a 400 naming it, never ignored.
 */
import { type Static, type TProperties, type TSchema, Type } from 'typebox';
import { flatAnswerFields } from './envelope.js';
import { UserSchema } from './user.js';
import { MetadataSchema } from './user-factors.js';

/** The size cap of each metadata object, as JSON (docs/provider-api.md "Managing users"). */
export const MAX_USER_METADATA_BYTES = 16 * 1024;
/** The most users one search page holds (the hosted provider's cap); 100 when `limit` is absent. */
export const MAX_USERS_SEARCH_LIMIT = 1000;
export const DEFAULT_USERS_SEARCH_LIMIT = 100;

const NamePart = Type.String({ maxLength: 256, pattern: '^[^\\u0000-\\u001f\\u007f]*$' });

/** A name change or a new user's name: any subset of the three parts. */
export const UserNameInputSchema = Type.Object(
  {
    first_name: Type.Optional(NamePart),
    middle_name: Type.Optional(NamePart),
    last_name: Type.Optional(NamePart),
  },
  { additionalProperties: false },
);

const strict = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

/** The longest `external_id` (the hosted provider's cap). */
export const MAX_EXTERNAL_ID_LENGTH = 128;
/** The most roles a user holds, and the longest role id. */
export const MAX_USER_ROLES = 100;
export const MAX_ROLE_ID_LENGTH = 128;

/**
 * An integrator's own id for a user: letters, digits, `.`, `_`, `-` and `|`, at most 128
 * characters, unique per project. It is accepted wherever a user id is, so it may not itself
 * look like one (`user-test-…`, `user-live-…`).
 */
export const ExternalIdSchema = Type.String({
  minLength: 1,
  maxLength: MAX_EXTERNAL_ID_LENGTH,
  pattern: '^(?!user-(test|live)-)[A-Za-z0-9._|-]+$',
});

/** A user's roles: role ids, each once. */
export const UserRolesSchema = Type.Array(
  Type.String({ minLength: 1, maxLength: MAX_ROLE_ID_LENGTH, pattern: '^[A-Za-z0-9._:-]+$' }),
  { maxItems: MAX_USER_ROLES, uniqueItems: true },
);

/**
 * The user object of the server API: the browser API's User and the hosted provider's server-only
 * fields — `external_id` (null when unset), `roles`, and the lock of the user's password sign-in
 * (`is_locked`, `lock_created_at`; `lock_expires_at` is null: the lock lasts until the owner
 * proves an address).
 */
export const ServerUserSchema = Type.Object({
  ...UserSchema.properties,
  external_id: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.String()),
  is_locked: Type.Boolean(),
  lock_created_at: Type.Union([Type.String(), Type.Null()]),
  lock_expires_at: Type.Union([Type.String(), Type.Null()]),
});

/** The server API's user object. */
export type ServerUser = Static<typeof ServerUserSchema>;

/** The fields every server answer carries. */
/** POST /v1/users: an email or a phone number (or both), optionally a name, metadata, pending. */
export const ServerUsersCreateBody = strict({
  email: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
  phone_number: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  name: Type.Optional(UserNameInputSchema),
  create_user_as_pending: Type.Optional(Type.Boolean()),
  trusted_metadata: Type.Optional(MetadataSchema),
  untrusted_metadata: Type.Optional(MetadataSchema),
  external_id: Type.Optional(ExternalIdSchema),
  roles: Type.Optional(UserRolesSchema),
});

/** POST /v1/users answer; `email_id` / `phone_id` are `''` when none was given. */
export const ServerUsersCreateResponse = Type.Object({
  ...flatAnswerFields,
  user_id: Type.String(),
  email_id: Type.String(),
  status: Type.String(),
  phone_id: Type.String(),
  user: ServerUserSchema,
});

/** GET /v1/users/{user_id}: the user's fields flat beside status_code and request_id. */
export const ServerUsersGetResponse = Type.Object({ ...flatAnswerFields, ...ServerUserSchema.properties });

const IdList = Type.Array(Type.String({ minLength: 1, maxLength: 256 }), { minItems: 1, maxItems: 100 });
const Timestamp = Type.String({ format: 'date-time' });
const Fuzzy = Type.String({ minLength: 1, maxLength: 256 });
const MetadataFilter = strict({
  key: Type.String({ minLength: 1, maxLength: 256 }),
  value: Type.Optional(Type.Unknown()),
});

const operand = <N extends string, V extends TSchema>(name: N, value: V) =>
  strict({ filter_name: Type.Literal(name), filter_value: value });

/**
 * The search filters: the hosted provider's names where it has one; `oauth_provider_subject`,
 * `trusted_metadata`, `untrusted_metadata` and `email_address_prefix` are Latchkey's own
 * (docs/provider-api.md).
 */
export const ServerUsersSearchOperandSchema = Type.Union([
  operand('user_id', IdList),
  operand('status', Type.Union([Type.Literal('active'), Type.Literal('pending')])),
  operand('created_at_greater_than', Timestamp),
  operand('created_at_less_than', Timestamp),
  operand('created_at_between', strict({ greater_than: Timestamp, less_than: Timestamp })),
  operand('email_address', IdList),
  operand('email_id', IdList),
  operand('email_verified', Type.Boolean()),
  operand('email_address_fuzzy', Fuzzy),
  // An index range scan however many users (the console's search as you type); fuzzy reads every address.
  operand('email_address_prefix', Fuzzy),
  operand('phone_number', IdList),
  operand('phone_id', IdList),
  operand('phone_verified', Type.Boolean()),
  operand('phone_number_fuzzy', Fuzzy),
  operand('full_name_fuzzy', Fuzzy),
  operand('crypto_wallet_address', IdList),
  operand('crypto_wallet_id', IdList),
  operand('crypto_wallet_verified', Type.Boolean()),
  operand('oauth_provider', IdList),
  operand('oauth_provider_subject', IdList),
  operand('webauthn_registration_id', IdList),
  operand('webauthn_registration_verified', Type.Boolean()),
  operand('totp_id', IdList),
  operand('totp_verified', Type.Boolean()),
  operand('password_exists', Type.Boolean()),
  operand('trusted_metadata', MetadataFilter),
  operand('untrusted_metadata', MetadataFilter),
]);

/**
 * The order of POST /v1/users/search (Latchkey's own field): by creation time, then user id.
 * The hosted provider has none and answers oldest first, so that is the default.
 */
export const UsersSearchOrderSchema = Type.Union([
  Type.Literal('created_at_asc'),
  Type.Literal('created_at_desc'),
]);

/** POST /v1/users/search. An absent or empty query matches every user of the project. */
export const ServerUsersSearchBody = strict({
  cursor: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 512 })])),
  order: Type.Optional(UsersSearchOrderSchema),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_USERS_SEARCH_LIMIT })),
  query: Type.Optional(
    strict({
      operator: Type.Union([Type.Literal('AND'), Type.Literal('OR')]),
      operands: Type.Array(ServerUsersSearchOperandSchema, { maxItems: 20 }),
    }),
  ),
});

/** POST /v1/users/search answer: in the body's `order` (oldest first by default); `next_cursor` null on the last page. */
export const ServerUsersSearchResponse = Type.Object({
  ...flatAnswerFields,
  results: Type.Array(ServerUserSchema),
  results_metadata: Type.Object({
    total: Type.Integer(),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
  }),
});

/** PUT /v1/users/{user_id}: metadata is merged key by key (a key set to null is removed). */
export const ServerUsersUpdateBody = strict({
  name: Type.Optional(UserNameInputSchema),
  trusted_metadata: Type.Optional(MetadataSchema),
  untrusted_metadata: Type.Optional(MetadataSchema),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('pending')])),
  external_id: Type.Optional(ExternalIdSchema),
  roles: Type.Optional(UserRolesSchema),
});

/** PUT /v1/users/{user_id} answer. */
export const ServerUsersUpdateResponse = Type.Object({
  ...flatAnswerFields,
  user_id: Type.String(),
  emails: UserSchema.properties.emails,
  phone_numbers: UserSchema.properties.phone_numbers,
  crypto_wallets: UserSchema.properties.crypto_wallets,
  user: ServerUserSchema,
});

/** DELETE /v1/users/{user_id} answer. */
export const ServerUsersDeleteResponse = Type.Object({ ...flatAnswerFields, user_id: Type.String() });

/** DELETE /v1/users/{factor}/{id} answer: whose factor it was, and the user as it is now. */
export const ServerUsersDeleteFactorResponse = Type.Object({
  ...flatAnswerFields,
  user_id: Type.String(),
  user: ServerUserSchema,
});

export type ServerUsersCreateRequest = Static<typeof ServerUsersCreateBody>;
export type ServerUsersCreateResult = Static<typeof ServerUsersCreateResponse>;
export type ServerUsersGetResult = Static<typeof ServerUsersGetResponse>;
export type ServerUsersSearchOperand = Static<typeof ServerUsersSearchOperandSchema>;
export type ServerUsersSearchRequest = Static<typeof ServerUsersSearchBody>;
export type UsersSearchOrder = Static<typeof UsersSearchOrderSchema>;
export type ServerUsersSearchResult = Static<typeof ServerUsersSearchResponse>;
export type ServerUsersUpdateRequest = Static<typeof ServerUsersUpdateBody>;
export type ServerUsersUpdateResult = Static<typeof ServerUsersUpdateResponse>;
export type ServerUsersDeleteResult = Static<typeof ServerUsersDeleteResponse>;
export type ServerUsersDeleteFactorResult = Static<typeof ServerUsersDeleteFactorResponse>;
