/** @module route-matcher — which paths a list of `protect` entries covers. */

/**
 * A path and everything below it (`'/dashboard'` covers `/dashboard` and `/dashboard/settings`,
 * not `/dashboards`), or a regular expression tested against the pathname.
 */
export type RouteMatcher = string | RegExp;

/** Whether `pathname` is covered by any of `matchers`. */
export function matchesAnyRoute(pathname: string, matchers: readonly RouteMatcher[]): boolean {
  return matchers.some((matcher) => {
    if (typeof matcher !== 'string') return matcher.test(pathname);
    const base = matcher.endsWith('/') && matcher !== '/' ? matcher.slice(0, -1) : matcher;
    return base === '/' || pathname === base || pathname.startsWith(`${base}/`);
  });
}
