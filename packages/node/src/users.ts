/**
 * @module users — the server API's users (`/v1/users…`): create, get, search, update, delete and
 * remove one factor, named after the hosted provider's server SDK so code written for it reads the
 * same. Requests and answers are `@latchkey/wire`'s types, flat and in the wire's snake_case.
 */

import type {
  ServerUsersCreateRequest,
  ServerUsersCreateResult,
  ServerUsersDeleteFactorResult,
  ServerUsersDeleteResult,
  ServerUsersGetResult,
  ServerUsersSearchRequest,
  ServerUsersSearchResult,
  ServerUsersUpdateRequest,
  ServerUsersUpdateResult,
} from '@latchkey/wire';
import { idSegment, serverApiCaller } from './internal/server-api-caller.js';
import type { ResolvedServerClientOptions } from './options.js';

export type {
  ServerUsersCreateRequest as UsersCreateRequest,
  ServerUsersCreateResult as UsersCreateResult,
  ServerUsersDeleteFactorResult as UsersDeleteFactorResult,
  ServerUsersDeleteResult as UsersDeleteResult,
  ServerUsersGetResult as UsersGetResult,
  ServerUsersSearchRequest as UsersSearchRequest,
  ServerUsersSearchResult as UsersSearchResult,
  ServerUsersUpdateRequest as UsersUpdateRequest,
  ServerUsersUpdateResult as UsersUpdateResult,
};

/**
 * The `users` namespace of the server client. Every call throws a `LatchkeyServerError` with the
 * provider's `error_type` as `code` (`user_not_found`, `duplicate_email`, `invalid_request`, …;
 * docs/provider-api.md "Managing users"), or `invalid_argument` before any request for an empty id.
 */
export interface UsersServerMethods {
  /** `POST /v1/users`: an email or a phone number, optionally a name, metadata, `create_user_as_pending`. */
  create(request: ServerUsersCreateRequest): Promise<ServerUsersCreateResult>;
  /**
   * `GET /v1/users/{user_id}`: the user object as the browser API shows it, with `external_id`,
   * `roles` and the lock state. Every `userId` here may also be the user's external id.
   */
  get(userId: string): Promise<ServerUsersGetResult>;
  /** `POST /v1/users/search`: filters, AND/OR, `limit` (≤ 1000) and `cursor` (the last page's `next_cursor`). */
  search(request?: ServerUsersSearchRequest): Promise<ServerUsersSearchResult>;
  /** `PUT /v1/users/{user_id}`: name, `trusted_metadata`, `untrusted_metadata` (merged; null removes a key), status. */
  update(userId: string, request: ServerUsersUpdateRequest): Promise<ServerUsersUpdateResult>;
  /** `DELETE /v1/users/{user_id}`: erases the user and everything of theirs; their sessions end at once. */
  delete(userId: string): Promise<ServerUsersDeleteResult>;
  /** `DELETE /v1/users/emails/{email_id}`; this and the other removals end the user's sessions. */
  deleteEmail(emailId: string): Promise<ServerUsersDeleteFactorResult>;
  /** `DELETE /v1/users/phone_numbers/{phone_id}`. */
  deletePhoneNumber(phoneId: string): Promise<ServerUsersDeleteFactorResult>;
  /** `DELETE /v1/users/webauthn_registrations/{webauthn_registration_id}`. */
  deleteWebAuthnRegistration(webauthnRegistrationId: string): Promise<ServerUsersDeleteFactorResult>;
  /** `DELETE /v1/users/totps/{totp_id}`. */
  deleteTOTP(totpId: string): Promise<ServerUsersDeleteFactorResult>;
  /** `DELETE /v1/users/crypto_wallets/{crypto_wallet_id}`. */
  deleteCryptoWallet(cryptoWalletId: string): Promise<ServerUsersDeleteFactorResult>;
  /** `DELETE /v1/users/oauth/{oauth_user_registration_id}`. */
  deleteOAuthRegistration(oauthUserRegistrationId: string): Promise<ServerUsersDeleteFactorResult>;
  /** `DELETE /v1/users/passwords/{password_id}`. */
  deletePassword(passwordId: string): Promise<ServerUsersDeleteFactorResult>;
  /** `DELETE /v1/users/{user_id}/external_id`: the user no longer answers to its external id. */
  deleteExternalId(userId: string): Promise<ServerUsersDeleteFactorResult>;
}

/** Builds the namespace over resolved options. */
export function createUsersServerMethods(options: ResolvedServerClientOptions): UsersServerMethods {
  const call = serverApiCaller(options, '/v1/users');
  /** `DELETE /v1/users/{prefix}{id}`: removes one factor of a user. */
  const removal = (name: string, prefix: string) => (id: string) =>
    call<ServerUsersDeleteFactorResult>(`${prefix}${idSegment(name, id)}`, undefined, 'DELETE');
  return {
    create: async (request) => call('', request),
    get: async (userId) => call(idSegment('userId', userId), undefined, 'GET'),
    search: async (request = {}) => call('/search', request),
    update: async (userId, request) => call(idSegment('userId', userId), request, 'PUT'),
    delete: async (userId) => call(idSegment('userId', userId), undefined, 'DELETE'),
    deleteEmail: async (id) => removal('emailId', '/emails')(id),
    deletePhoneNumber: async (id) => removal('phoneId', '/phone_numbers')(id),
    deleteWebAuthnRegistration: async (id) =>
      removal('webauthnRegistrationId', '/webauthn_registrations')(id),
    deleteTOTP: async (id) => removal('totpId', '/totps')(id),
    deleteCryptoWallet: async (id) => removal('cryptoWalletId', '/crypto_wallets')(id),
    deleteOAuthRegistration: async (id) => removal('oauthUserRegistrationId', '/oauth')(id),
    deletePassword: async (id) => removal('passwordId', '/passwords')(id),
    deleteExternalId: async (userId) =>
      call<ServerUsersDeleteFactorResult>(`${idSegment('userId', userId)}/external_id`, undefined, 'DELETE'),
  };
}
