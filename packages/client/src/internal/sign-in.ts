/** @module internal/sign-in — the one path by which a sign-in response becomes local state. */

import type { UserField } from '../session/session-manager.js';
import type { AuthenticateResult, User } from '../wire-types.js';
import type { ClientContext } from './context.js';
import { withoutInternalUser } from './response.js';

/**
 * Applies a sign-in response (cookies, session and user state, intermediate token) and returns
 * what the caller gets: the response without `__user`. `userField` names the user object the
 * endpoint's state is read from (`endpoints.md`, "user read from").
 */
export function completeSignIn<T extends AuthenticateResult>(
  ctx: ClientContext,
  response: T & { __user?: User },
  userField: UserField = 'user',
): T {
  ctx.session.applyAuthenticate(response, userField, 'sign-in');
  return withoutInternalUser<T>(response);
}
