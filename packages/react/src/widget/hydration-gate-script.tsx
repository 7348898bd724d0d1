/**
 * @module widget/hydration-gate-script — the standalone bundle's stand-in for hydration-gate.tsx:
 * the script-tag widget mounts with createRoot and never hydrates server HTML, so it renders the
 * widget at once (as the gate does in any client-only root) without the check or the placeholder.
 */
import type { ReactElement, ReactNode } from 'react';
import type { WidgetLook } from '../components/widget-frame.js';

/** The widget itself. */
export function HydrationGate({ children }: { look: WidgetLook; children: ReactNode }): ReactElement {
  return <>{children}</>;
}
