/** @module components/error-message — an error announced to assistive technology (role=alert). */
import type { ReactElement, ReactNode } from 'react';
import { useElementClass } from '../theme/element-classes.js';

/** An inline error with the stable part name `error`. */
export function ErrorMessage({ id, children }: { id?: string; children: ReactNode }): ReactElement {
  return (
    <p id={id} className={useElementClass('lk-error', 'error')} part="error" role="alert">
      {children}
    </p>
  );
}
