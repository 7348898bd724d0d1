/** @module widget/widget-placeholder — what a widget renders on the server and while hydrating. */
import type { ReactElement } from 'react';
import { WidgetFrame } from '../components/widget-frame.js';
import type { LatchkeyStyles } from '../theme/theme.js';

/**
 * The widget's themed box, empty and busy, with the same markup on the server and in the
 * hydrating render (it reads nothing of the browser); the widget replaces its inside right after.
 */
export function WidgetPlaceholder({ styles }: { styles?: LatchkeyStyles | undefined }): ReactElement {
  return (
    <WidgetFrame styles={styles} logoAlt="">
      <div className="lk-placeholder" aria-busy="true" />
    </WidgetFrame>
  );
}
