/** @module components/toast-region — the live regions that show the current toast and dismiss it. */
import { type ReactElement, useEffect, useState } from 'react';
import type { Event } from '../machine/event.js';
import type { Toast } from '../machine/state.js';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';

/** How long a toast stays before it starts leaving. */
export const TOAST_VISIBLE_MS = 4000;
/** Spec §9: the exit animation lasts 0.4 s (tokens.css --lk-toast-exit-duration). */
export const TOAST_EXIT_MS = 400;

interface ToastItemProps {
  toast: Toast;
  text: string;
  /** The machine's `send`, which is stable for the widget's lifetime. */
  send: (event: Event) => void;
}

function ToastItem({ toast, text, send }: ToastItemProps): ReactElement {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLeaving(true), TOAST_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!leaving) return undefined;
    const timer = setTimeout(() => send({ type: 'TOAST_DISMISSED', id: toast.id }), TOAST_EXIT_MS);
    return () => clearTimeout(timer);
  }, [leaving, send, toast.id]);
  return (
    <div
      className={toast.kind === 'error' ? 'lk-toast lk-toast--error' : 'lk-toast'}
      part={`toast toast-${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : undefined}
      data-leaving={leaving ? '' : undefined}
    >
      {text}
    </div>
  );
}

/**
 * Success toasts go into a polite live region (role=status) that exists from the start, so
 * screen readers announce them when inserted; an error toast is itself role=alert, which is
 * announced on insertion (spec §8: a failed resend shows the server's message). Each toast
 * enters, stays TOAST_VISIBLE_MS, then exits.
 */
export function ToastRegion(): ReactElement {
  const { state, send, t, strings } = useWidget();
  const toast = state.toast;
  const item = toast ? (
    <ToastItem
      key={toast.id}
      toast={toast}
      text={toast.kind === 'success' ? t(toast.key) : errorText(toast.error, strings)}
      send={send}
    />
  ) : null;
  return (
    <div className="lk-toast-region">
      <div role="status" aria-live="polite">
        {toast?.kind === 'success' ? item : null}
      </div>
      {toast?.kind === 'error' ? item : null}
    </div>
  );
}
