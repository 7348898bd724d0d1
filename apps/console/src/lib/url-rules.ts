/**
 * @module url-rules — the provider's rules for allowed origins and redirect URLs
 * (@latchkey/wire/project-urls), checked as the operator types so a mistake shows before saving.
 * The provider checks again; its answer wins.
 */
import { isProjectOrigin, projectHttpUrl } from '@latchkey/wire/project-urls';

/** Why `value` is not an origin, or undefined when it is one. */
export function originProblem(value: string): string | undefined {
  return isProjectOrigin(value)
    ? undefined
    : 'Enter an origin: http(s)://host with an optional :port, and no path, query or trailing slash (e.g. https://app.example.com).';
}

/** Why `value` is not a redirect URL, or undefined when it is one. */
export function redirectUrlProblem(value: string): string | undefined {
  return projectHttpUrl(value)
    ? undefined
    : 'Enter an absolute http:// or https:// URL without spaces (e.g. https://app.example.com/authenticate).';
}
