/** @module page-heading — a page's h1, focusable so the shell can move focus to it on navigation. */
import type { ReactNode } from 'react';

export function PageHeading({ children, intro }: { children: ReactNode; intro?: ReactNode }) {
  return (
    <div className="page-heading">
      <h1 tabIndex={-1}>{children}</h1>
      {intro && <p className="lead">{intro}</p>}
    </div>
  );
}
