/** @module components/spinner — a decorative busy indicator; the surrounding text says what is happening. */
import type { ReactElement } from 'react';

/** A spinning ring, hidden from assistive technology. */
export function Spinner({ large = false }: { large?: boolean }): ReactElement {
  return <span className={large ? 'lk-spinner lk-spinner--large' : 'lk-spinner'} aria-hidden="true" />;
}
