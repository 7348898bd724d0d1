/** @module widget/widget-placeholder — what a widget renders on the server and while hydrating. */
import type { ReactElement } from 'react';
import { WidgetFrame, type WidgetLook } from '../components/widget-frame.js';

/**
 * The widget's themed box, empty and busy, with the same markup on the server and in the
 * hydrating render (it reads nothing of the browser); the widget replaces its inside right after.
 */
export function WidgetPlaceholder({ look }: { look: WidgetLook }): ReactElement {
  return (
    <WidgetFrame {...look} logoAlt="">
      <div className="lk-placeholder" aria-busy="true" />
    </WidgetFrame>
  );
}
