/** @module widget/hydration-gate — the widget's themed, empty box until the page is the client's. */
import type { ReactElement, ReactNode } from 'react';
import type { WidgetLook } from '../components/widget-frame.js';
import { useHydrated } from '../hooks/use-hydrated.js';
import { WidgetPlaceholder } from './widget-placeholder.js';

/**
 * On the server and in the render that hydrates its HTML, the placeholder (the widget's first
 * state reads the browser: the page's query, the cached bootstrap, the stored user); `children`
 * from the next render on, and at once in a client-only root.
 */
export function HydrationGate({ look, children }: { look: WidgetLook; children: ReactNode }): ReactElement {
  return useHydrated() ? <>{children}</> : <WidgetPlaceholder look={look} />;
}
