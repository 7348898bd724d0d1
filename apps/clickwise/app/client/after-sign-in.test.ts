import { describe, expect, it, vi } from 'vitest';
import { AFTER_SIGN_IN_KEY, afterSignIn, FOUND_RETURN_GLOBAL, pageBootScript } from './after-sign-in.js';

function storageWith(value: string | null) {
  const store = new Map<string, string>(value === null ? [] : [[AFTER_SIGN_IN_KEY, value]]);
  return {
    store,
    getItem: (key: string) => store.get(key) ?? null,
    removeItem: (key: string) => void store.delete(key),
  };
}
const at = (pathname = '/campaigns', search = '') => ({ pathname, search, hash: '', replace: vi.fn() });

describe('afterSignIn (spec §4)', () => {
  it('goes to the stored location when signed in, and clears it', () => {
    const storage = storageWith('/campaign?adhoc_result=abc');
    const location = at();
    expect(afterSignIn(storage, 7, location)).toBe('/campaign?adhoc_result=abc');
    expect(location.replace).toHaveBeenCalledWith('/campaign?adhoc_result=abc');
    expect(storage.store.has(AFTER_SIGN_IN_KEY)).toBe(false);
  });

  it('always clears the key, but stays put for visitors and empty values', () => {
    for (const [value, userId] of [
      ['/campaign', 0],
      ['/campaign', -1],
      ['/campaign', '5'],
      ['', 3],
    ] as const) {
      const storage = storageWith(value);
      const location = at();
      expect(afterSignIn(storage, userId, location)).toBeNull();
      expect(location.replace).not.toHaveBeenCalled();
      expect(storage.store.has(AFTER_SIGN_IN_KEY)).toBe(false);
    }
  });

  it('never leaves the site: other origins and protocol-relative paths are ignored', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const location = at();
      expect(afterSignIn(storageWith(value), 7, location)).toBeNull();
      expect(location.replace).not.toHaveBeenCalled();
    }
  });

  it('does not reload the page it is already on', () => {
    const location = at('/campaign', '?adhoc_result=abc');
    expect(afterSignIn(storageWith('/campaign?adhoc_result=abc'), 7, location)).toBeNull();
    expect(location.replace).not.toHaveBeenCalled();
  });

  it('the inline script defines the user_id global and runs the same function', () => {
    const script = pageBootScript(42);
    expect(script.startsWith('var user_id = 42;')).toBe(true);
    expect(pageBootScript(Number.NaN).startsWith('var user_id = 0;')).toBe(true);
    const storage = storageWith('/account');
    const location = at();
    new Function('window', script)({ localStorage: storage, location });
    expect(location.replace).toHaveBeenCalledWith('/account');
  });

  it('the inline script keeps what it found for the page, though it clears the key', () => {
    const storage = storageWith('/campaign?adhoc_result=abc');
    const location = at('/user/authenticate');
    const found = new Function('window', `${pageBootScript(0)}return ${FOUND_RETURN_GLOBAL};`)({
      localStorage: storage,
      location,
    });
    expect(found).toBe('/campaign?adhoc_result=abc');
    expect(storage.store.has(AFTER_SIGN_IN_KEY)).toBe(false);
    expect(location.replace).not.toHaveBeenCalled();
    const blocked = {
      getItem: () => {
        throw new Error('storage disabled');
      },
      removeItem: () => {},
    };
    expect(
      new Function('window', `${pageBootScript(0)}return ${FOUND_RETURN_GLOBAL};`)({
        localStorage: blocked,
        location,
      }),
    ).toBeNull();
  });
});
