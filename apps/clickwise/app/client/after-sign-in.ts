/** @module after-sign-in — the post-sign-in redirect of spec §4, run on every page load. */

/** Local-storage key holding where to go once signed in. */
export const AFTER_SIGN_IN_KEY = 'after_sign_in_location';

/**
 * On every page load: reads and always clears the stored location; when the visitor is signed
 * in (`userId > 0`) and the location is a non-empty same-site path, goes there. Self-contained
 * (no imports, no closures) because the page inlines its source before anything else runs.
 */
export function afterSignIn(
  storage: Pick<Storage, 'getItem' | 'removeItem'>,
  userId: unknown,
  location: Pick<Location, 'pathname' | 'search' | 'hash' | 'replace'>,
): string | null {
  let stored: string | null = null;
  try {
    stored = storage.getItem('after_sign_in_location');
    storage.removeItem('after_sign_in_location');
  } catch {
    return null;
  }
  // Only paths of this site: "/x" but not "//host" or "/\host", which browsers read as other origins.
  if (typeof userId !== 'number' || !(userId > 0) || !stored || !/^\/(?![/\\])/.test(stored)) return null;
  if (stored === location.pathname + location.search + location.hash) return null;
  location.replace(stored);
  return stored;
}

/**
 * Page global: the stored location as this page load found it, before `afterSignIn` cleared it.
 * A page whose sign-in did not work (cancelled at Google, an expired link) reopens the sign-in
 * with it, so the visitor still ends up where they were going.
 */
export const FOUND_RETURN_GLOBAL = 'after_sign_in_found';

/** The inline script of every page: the `user_id` global (spec §3), then the redirect. */
export function pageBootScript(userId: number): string {
  const id = Number.isSafeInteger(userId) && userId > 0 ? userId : 0;
  const keep = `var ${FOUND_RETURN_GLOBAL} = null;try{${FOUND_RETURN_GLOBAL} = window.localStorage.getItem('${AFTER_SIGN_IN_KEY}');}catch(e){}`;
  return `var user_id = ${id};${keep}(${afterSignIn.toString()})(window.localStorage, user_id, window.location);`;
}

/** What the boot script found stored on this page load (see {@link FOUND_RETURN_GLOBAL}). */
export function foundReturnLocation(): string | null {
  const found = (window as unknown as Record<string, unknown>)[FOUND_RETURN_GLOBAL];
  return typeof found === 'string' && found !== '' ? found : null;
}
