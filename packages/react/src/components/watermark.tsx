/** @module components/watermark — the small "Powered by Latchkey" footer link. */
import type { ReactElement } from 'react';
import { useElementClass } from '../theme/element-classes.js';

/** Where the watermark links to: the project's home. */
export const WATERMARK_URL = 'https://github.com/latchkey/latchkey';

/** The footer; the caller decides whether it shows (config and bootstrap `displayWatermark`). */
export function Watermark({ text, newTabHint }: { text: string; newTabHint: string }): ReactElement {
  return (
    <p className={useElementClass('lk-watermark', 'watermark')} part="watermark">
      <a href={WATERMARK_URL} target="_blank" rel="noopener noreferrer">
        {text}
        <span className="lk-visually-hidden"> {newTabHint}</span>
      </a>
    </p>
  );
}
