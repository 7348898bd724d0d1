/** @module components/error-message — an error announced to assistive technology (role=alert). */
import type { ReactElement, ReactNode } from 'react';

/** An inline error with the stable part name `error`. */
export function ErrorMessage({ id, children }: { id?: string; children: ReactNode }): ReactElement {
  return (
    <p id={id} className="lk-error" part="error" role="alert">
      {children}
    </p>
  );
}
