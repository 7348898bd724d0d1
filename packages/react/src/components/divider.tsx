/** @module components/divider — the "or" rule between two ways to continue. */
import type { ReactElement } from 'react';
import { useElementClass } from '../theme/element-classes.js';

/** A horizontal rule with a word in the middle; the lines are decoration only. */
export function Divider({ text }: { text: string }): ReactElement {
  return (
    <div className={useElementClass('lk-divider', 'divider')} part="divider">
      <span className="lk-divider-line" aria-hidden="true" />
      <span className="lk-divider-text">{text}</span>
      <span className="lk-divider-line" aria-hidden="true" />
    </div>
  );
}
