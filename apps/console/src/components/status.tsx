/** @module status — the console's loading, error-with-retry and empty states, announced to screen readers. */
import { type ReactNode, useEffect, useRef } from 'react';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="status" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

/** An error with a retry button; takes focus so keyboard and screen-reader users land on it. */
export function ErrorState({
  error,
  retry,
  title = 'Something went wrong',
}: {
  error: Error;
  retry?: () => void;
  title?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="error-state" role="alert" tabIndex={-1} ref={ref}>
      <h2>{title}</h2>
      <p>{error.message}</p>
      {retry && (
        <button type="button" className="button" onClick={retry}>
          Retry
        </button>
      )}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <h2>{title}</h2>
      {children}
    </div>
  );
}
