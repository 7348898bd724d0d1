/** @module hooks/use-subscribed — a value read from the client and kept fresh through its onChange. */
import { useEffect, useState } from 'react';

/**
 * Reads `read()` now and whenever `subscribe` reports a change, re-subscribing only when `source`
 * (the client) changes. A re-read after subscribing catches a change between render and effect.
 */
export function useSubscribed<T>(
  source: object,
  read: () => T,
  subscribe: (callback: (value: T) => void) => () => void,
): T {
  const [value, setValue] = useState(read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `read`/`subscribe` are derived from `source`.
  useEffect(() => {
    setValue(read);
    return subscribe((next) => setValue(() => next));
  }, [source]);
  return value;
}
