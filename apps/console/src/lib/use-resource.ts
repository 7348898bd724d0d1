/** @module use-resource — one API read with its loading, error and retry states (every page's data). */
import { useCallback, useEffect, useState } from 'react';

/**
 * `reload` reads again in every state: called while a read is still on its way (a change made
 * meanwhile, such as an invite sent before the list arrived), it drops that read, which may
 * predate the change, for a new one; while ready, the data stays shown until the new read lands.
 */
export type Resource<T> =
  | { state: 'loading'; reload(): void }
  | { state: 'error'; error: Error; retry(): void; reload(): void }
  | { state: 'ready'; data: T; reload(): void; replace(data: T): void };

/** Runs `load` on mount and whenever `key` changes; `retry`/`reload` run it again. */
export function useResource<T>(key: string, load: () => Promise<T>): Resource<T> {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; data?: T; error?: Error } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is re-made each render; `key` names what it reads.
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setResult({ key, data }),
      (error: unknown) =>
        live && setResult({ key, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);
  const again = useCallback(() => {
    setResult(null);
    setAttempt((n) => n + 1);
  }, []);
  const replace = useCallback((data: T) => setResult({ key, data }), [key]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  if (!result || result.key !== key) return { state: 'loading', reload };
  if (result.error) return { state: 'error', error: result.error, retry: again, reload };
  return { state: 'ready', data: result.data as T, reload, replace };
}
