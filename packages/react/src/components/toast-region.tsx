/** @module components/toast-region — the live region that shows the current toast and dismisses it. */
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
      data-leaving={leaving ? '' : undefined}
    >
      {text}
    </div>
  );
}

/**
 * A polite live region (role=status) that exists from the start, so screen readers announce a
 * toast when it is inserted. Each toast enters, stays TOAST_VISIBLE_MS, then exits.
 */
export function ToastRegion(): ReactElement {
  const { state, send, t, strings } = useWidget();
  const toast = state.toast;
  return (
    <div className="lk-toast-region" role="status" aria-live="polite">
      {toast ? (
        <ToastItem
          key={toast.id}
          toast={toast}
          text={toast.kind === 'success' ? t(toast.key) : errorText(toast.error, strings)}
          send={send}
        />
      ) : null}
    </div>
  );
}
