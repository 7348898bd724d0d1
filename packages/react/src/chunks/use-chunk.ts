/** @module chunks/use-chunk — a chunk file's module for a component: loaded on mount, undefined until it arrives. */
import { useEffect, useState } from 'react';
import { importChunkScript, publishedChunk } from './import-chunk-script.js';

/** What a component sees of its chunk. */
export interface UseChunkResult<T> {
  /** The chunk's module, or undefined while it loads (or after a failed load). */
  chunk: T | undefined;
  /** True when the file could not be loaded; mounting again tries again. */
  failed: boolean;
}

/** The module of chunk file `fileName`, at once when it has already run, else once it has loaded. */
export function useChunk<T>(fileName: string): UseChunkResult<T> {
  const [chunk, setChunk] = useState<T | undefined>(() => publishedChunk<T>(fileName));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (chunk) return;
    let live = true;
    importChunkScript<T>(fileName).then(
      (loaded) => {
        if (live) setChunk(() => loaded);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [chunk, fileName]);

  return { chunk, failed };
}
