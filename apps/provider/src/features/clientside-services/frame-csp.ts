/** @module frame-csp — the Content-Security-Policy of the client-side services frame, per project. */
import type { Project } from '../projects/project.js';

/** docs/contracts.md: the dev project's frame may be embedded by any local page, whatever its port. */
const DEV_ANCESTORS = ['http://localhost:*', 'http://127.0.0.1:*'];

/**
 * A plain `scheme://host[:port]` origin. Allowed origins come from project configuration; anything
 * else (a path, a space, a `;`) could widen or break the policy, so it is left out.
 */
const ORIGIN_SOURCE = /^https?:\/\/[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/i;

/** The `frame-ancestors` sources: the project's allowed origins (plus local pages for the dev project), or `'none'`. */
export function frameAncestorsOf(project: Project): string {
  const sources = project.allowedOrigins.filter((origin) => ORIGIN_SOURCE.test(origin));
  if (project.isDev) sources.push(...DEV_ANCESTORS);
  return sources.length > 0 ? [...new Set(sources)].join(' ') : "'none'";
}

/**
 * The frame runs only its own script and calls only its own origin (docs/contracts.md "One Tap");
 * which pages may embed it is the project's list of allowed origins (SECURITY I1).
 */
export function frameCsp(project: Project): string {
  return `default-src 'none'; script-src 'self'; connect-src 'self'; frame-ancestors ${frameAncestorsOf(project)}`;
}

/** The policy of the error page: nothing loads, and no page may embed it. */
export const FRAME_ERROR_CSP = "default-src 'none'; frame-ancestors 'none'";
