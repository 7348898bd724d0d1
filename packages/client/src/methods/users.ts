/** @module methods/users — `client.user`: the signed-in user, its updates and factor removals. */

import type { ClientContext } from '../internal/context.js';
import { withoutCommonFields, withoutInternalUser } from '../internal/response.js';
import { assertOptionalObject, assertString } from '../internal/validate.js';
import type { User, UserFactorDeleteResult, UserName, UserUpdateResult } from '../wire-types.js';

/** Options of `user.update`. */
export interface UserUpdateOptions {
  name?: Partial<UserName>;
  untrustedMetadata?: Record<string, unknown>;
}

/** `client.user`. */
export interface UserMethods {
  /** The user in local state, or null. */
  getSync(): User | null;
  /** Fetches the signed-in user (`GET /users/me`) and stores it. */
  get(): Promise<User>;
  /** Updates name and/or untrusted metadata (`PUT /users/me`). */
  update(options: UserUpdateOptions): Promise<UserUpdateResult>;
  deleteEmail(emailId: string): Promise<UserFactorDeleteResult>;
  deletePhoneNumber(phoneId: string): Promise<UserFactorDeleteResult>;
  /** Deletes the user's TOTP and its recovery codes. */
  deleteTOTP(totpId: string): Promise<UserFactorDeleteResult>;
  /** @deprecated The same as `deleteTOTP`, the contract's name. */
  deleteTotp(totpId: string): Promise<UserFactorDeleteResult>;
  deleteOAuthRegistration(oauthUserRegistrationId: string): Promise<UserFactorDeleteResult>;
  deleteWebauthnRegistration(webauthnRegistrationId: string): Promise<UserFactorDeleteResult>;
  deleteBiometricRegistration(biometricRegistrationId: string): Promise<UserFactorDeleteResult>;
  /** Calls `callback` whenever the user changes; returns the unsubscribe function. */
  onChange(callback: (user: User | null) => void): () => void;
}

/** Builds `client.user`. */
export function createUserMethods(ctx: ClientContext): UserMethods {
  /** Stores `__user` (stripped), as every user-changing call does (endpoints.md, the signed-in user). */
  function storeInternalUser(response: { __user?: User }): void {
    if (response.__user) ctx.session.setUser(withoutCommonFields(response.__user) as User);
  }

  function remover(argument: string, path: string) {
    return async (id: string): Promise<UserFactorDeleteResult> => {
      assertString(argument, id);
      // IDs go into the path as-is (wire README, URL scheme).
      const response = await ctx.http.request<UserFactorDeleteResult & { __user?: User }>({
        method: 'DELETE',
        path: `/users/${path}/${id}`,
      });
      storeInternalUser(response);
      return withoutInternalUser(response);
    };
  }

  const deleteTOTP = remover('totpId', 'totps');
  return {
    getSync: () => ctx.session.state.user,
    async get() {
      const response = await ctx.http.request<User & { request_id?: string; status_code?: number }>({
        method: 'GET',
        path: '/users/me',
      });
      const user = withoutCommonFields(response) as User;
      ctx.session.setUser(user);
      return user;
    },
    async update(options) {
      assertOptionalObject('options', options);
      assertOptionalObject('name', options?.name);
      assertOptionalObject('untrustedMetadata', options?.untrustedMetadata);
      const response = await ctx.http.request<UserUpdateResult & { __user?: User }>({
        method: 'PUT',
        path: '/users/me',
        body: { name: options?.name, untrusted_metadata: options?.untrustedMetadata },
      });
      storeInternalUser(response);
      return withoutInternalUser(response);
    },
    deleteEmail: remover('emailId', 'emails'),
    deletePhoneNumber: remover('phoneId', 'phone_numbers'),
    deleteTOTP,
    deleteTotp: deleteTOTP,
    deleteOAuthRegistration: remover('oauthUserRegistrationId', 'oauth'),
    deleteWebauthnRegistration: remover('webauthnRegistrationId', 'webauthn_registrations'),
    deleteBiometricRegistration: remover('biometricRegistrationId', 'biometric_registrations'),
    onChange(callback) {
      return ctx.session.subscribe((next, previous) => {
        if (JSON.stringify(next.user) !== JSON.stringify(previous.user)) callback(next.user);
      });
    },
  };
}
