/**
 * @module page-heading — a page's h1, focusable so the shell can move focus to it on navigation.
 * A page that loads its data first shows a heading of its own while it loads (LoadingPage), or
 * none: the shell then leaves the move pending. Either way the loaded page's heading takes focus
 * when it appears — from the loading heading it replaces, or as the pending move — unless the
 * operator has put focus somewhere else meanwhile.
 */
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';

/** The document title of index.html, which each page's heading goes before. */
const CONSOLE_TITLE = 'Latchkey console';

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
  // Taken away while it has focus (a loading page's heading, replaced by the loaded page's):
  // the focus would fall to the body, so the next heading takes it on. A layout effect's cleanup
  // runs before the element leaves the document, while it still has focus.
  useLayoutEffect(() => {
    const heading = ref.current;
    return () => {
      if (heading && document.activeElement === heading) pendingFrom = heading;
    };
  }, []);
  // The tab, the history and a screen reader's page announcement name the page as its heading
  // does (WCAG 2.4.2), not "Latchkey console" on every page; kept in step as the heading changes.
  useEffect(() => {
    const text = ref.current?.textContent?.replace(/\s+/g, ' ').trim();
    if (text) document.title = `${text} · ${CONSOLE_TITLE}`;
  });
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
