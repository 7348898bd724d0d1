/**
 * @module page-heading — a page's h1, focusable so the shell can move focus to it on navigation.
 * A page that loads its data first has no h1 when the shell moves focus: the shell then leaves
 * the move pending, and the heading takes focus when it appears — unless the operator has put
 * focus somewhere else meanwhile.
 */
import { type ReactNode, useEffect, useRef } from 'react';

/** The element focused when a navigation's focus move was left pending, or null when none is. */
let pendingFrom: Element | null = null;

/** Moves focus to the page's h1 inside `main`, now or when it first renders. */
export function focusPageHeading(main: HTMLElement | null): void {
  const heading = main?.querySelector<HTMLElement>('h1');
  if (heading) {
    pendingFrom = null;
    heading.focus();
  } else pendingFrom = document.activeElement ?? document.body;
}

export function PageHeading({ children, intro }: { children: ReactNode; intro?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (pendingFrom === null) return;
    const untouched = document.activeElement === pendingFrom || document.activeElement === document.body;
    pendingFrom = null;
    if (untouched) ref.current?.focus();
  }, []);
  return (
    <div className="page-heading">
      <h1 tabIndex={-1} ref={ref}>
        {children}
      </h1>
      {intro && <p className="lead">{intro}</p>}
    </div>
  );
}
