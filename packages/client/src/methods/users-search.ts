/** @module methods/users-search — `client.users.search`: which sign-in an email address has (public). */

import type { ClientContext } from '../internal/context.js';
import { assertString } from '../internal/validate.js';
import type { UsersSearchResult } from '../wire-types.js';

/** `client.users`: lookups that need no session (the signed-in user is `client.user`). */
export interface UsersMethods {
  /**
   * Tells whether `email` belongs to no user (`new`), a user with a password (`password`) or one
   * without (`passwordless`); the widget uses it to pick the next screen.
   */
  search(email: string): Promise<UsersSearchResult>;
}

/** Builds `client.users`. */
export function createUsersMethods(ctx: ClientContext): UsersMethods {
  return {
    async search(email) {
      assertString('email', email);
      // No captcha token: the provider does not guard this call (contracts.md, captcha); no DFP source.
      return ctx.http.request<UsersSearchResult>({ method: 'POST', path: '/users/search', body: { email } });
    },
  };
}
