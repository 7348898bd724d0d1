/**
 * @module chunks/chunk-stand-in — a component of a chunk file in the standalone bundle: it loads
 * the file, then renders the real component (the `*-screens-script.tsx` stand-ins use it).
 */
import type { ComponentType, ReactElement } from 'react';
import { ErrorMessage } from '../components/error-message.js';
import { Spinner } from '../components/spinner.js';
import type { StringKey } from '../strings/en.js';
import { useWidget } from '../widget/widget-context.js';
import { useChunk } from './use-chunk.js';

/** Where a stand-in's component comes from, and what it shows until then. */
export interface ChunkSource {
  /** The chunk's file name, as scripts/build-standalone.mjs writes it. */
  file: string;
  /** The widget's error line when the file cannot load. */
  unavailable: StringKey;
  /** The class of the busy box shown while it loads. */
  loadingClass: string;
}

/** A component whose code is in the chunk: a spinner while it loads, the widget's error line if it cannot. */
export function fromChunk<Chunk, P extends object>(
  source: ChunkSource,
  pick: (chunk: Chunk) => ComponentType<P>,
): ComponentType<P> {
  return function ChunkStandIn(props: P): ReactElement {
    const { t } = useWidget();
    const { chunk, failed } = useChunk<Chunk>(source.file);
    if (chunk) {
      const Component = pick(chunk);
      return <Component {...props} />;
    }
    if (failed) return <ErrorMessage>{t(source.unavailable)}</ErrorMessage>;
    return (
      <div className={source.loadingClass} aria-busy="true">
        <Spinner />
      </div>
    );
  };
}
