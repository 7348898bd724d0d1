/** @module use-resource — one API read with its loading, error and retry states (every page's data). */
import { useCallback, useEffect, useState } from 'react';

export type Resource<T> =
  | { state: 'loading' }
  | { state: 'error'; error: Error; retry(): void }
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
  if (!result || result.key !== key) return { state: 'loading' };
  if (result.error) return { state: 'error', error: result.error, retry: again };
  return { state: 'ready', data: result.data as T, reload: () => setAttempt((n) => n + 1), replace };
}
