/**
 * @module oauth-error-return — where a refused OAuth redirect sends the browser back: the app's
 * own page, with the error, whenever an allow-listed URL for it is known (SECURITY C1: never any
 * other URL). Without one the provider shows its error page.
 */

import type { Project } from '../projects/project.js';
import { isRedirectUrlAllowed } from '../projects/project-policy.js';

/**
 * The login redirect a refused start returns to: the one the app gave when the project allows it
 * exactly, the project's default when the app gave none, else nothing.
 */
export function startErrorReturnUrl(
  project: Project,
  loginRedirectUrl: string | undefined,
): string | undefined {
  if (loginRedirectUrl !== undefined) {
    return isRedirectUrlAllowed(project, loginRedirectUrl) ? loginRedirectUrl : undefined;
  }
  return project.defaultLoginRedirectUrl ?? undefined;
}
