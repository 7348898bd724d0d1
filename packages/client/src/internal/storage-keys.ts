/** @module internal/storage-keys — the localStorage key scheme `stytch_sdk_state_{pt}[::{sub-key}]`. */

/** The key of the `{session, user}` state for a public token. */
export function stateKey(publicToken: string): string {
  return `stytch_sdk_state_${publicToken}`;
}

/** A sub-key under the state key, e.g. `::bootstrap` or `::PKCE_VERIFIER:magic_links`. */
export function subKey(publicToken: string, name: string): string {
  return `${stateKey(publicToken)}::${name}`;
}

/** Reads and parses JSON; `undefined` when the key is missing, unreadable or not JSON. */
export function readJson(storage: { getItem(key: string): string | null }, key: string): unknown {
  try {
    const text = storage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** Writes JSON, ignoring quota and disabled-storage errors: state is still held in memory. */
export function writeJson(
  storage: { setItem(key: string, value: string): void },
  key: string,
  value: unknown,
): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the page keeps working with in-memory state.
  }
}

/** Removes a key, ignoring disabled-storage errors. */
export function removeKey(storage: { removeItem(key: string): void }, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to clean up if storage is unavailable.
  }
}
