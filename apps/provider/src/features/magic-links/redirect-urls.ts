/** @module redirect-urls — resolves and checks the redirect URLs of a magic-link send. */
import { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import { isRedirectUrlAllowed } from '../projects/project-policy.js';

/** The redirect URLs a send may use. */
export interface ResolvedRedirects {
  login: string;
  signup: string;
}

/**
 * SECURITY C1: every given URL must exactly match the allow-list (any local URL for the dev
 * project); a missing one falls back to the project default. Both are resolved before anything
 * is looked up, so the outcome cannot depend on whether the address has an account.
 */
export function resolveRedirects(
  project: Project,
  input: { login_magic_link_url?: string | undefined; signup_magic_link_url?: string | undefined },
): ResolvedRedirects {
  for (const url of [input.login_magic_link_url, input.signup_magic_link_url]) {
    if (url !== undefined && !isRedirectUrlAllowed(project, url)) {
      throw new ApiError('invalid_redirect_url');
    }
  }
  const login = input.login_magic_link_url ?? project.defaultLoginRedirectUrl;
  const signup = input.signup_magic_link_url ?? project.defaultSignupRedirectUrl ?? login;
  if (!login || !signup) {
    throw new ApiError('invalid_redirect_url', {
      message: 'No redirect URL was given and the project has no default redirect URL.',
    });
  }
  return { login, signup };
}
