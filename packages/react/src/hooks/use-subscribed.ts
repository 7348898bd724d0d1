/** @module hooks/use-subscribed — a value read from the client and kept fresh through its onChange. */
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Reads `read()` (which must return the same object until the value changes) in every render and
 * re-renders when `subscribe` reports a change, re-subscribing only when `source` (the client)
 * changes. The server, and the render that hydrates its HTML, see `serverValue` instead: the
 * browser's state (storage) is unknown there, and reading it would make hydration mismatch.
 */
export function useSubscribed<T>(
  source: object,
  read: () => T,
  subscribe: (callback: () => void) => () => void,
  serverValue: T,
): T {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `subscribe` is derived from `source`.
  const subscribeToSource = useCallback((onChange: () => void) => subscribe(onChange), [source]);
  return useSyncExternalStore(subscribeToSource, read, () => serverValue);
}
