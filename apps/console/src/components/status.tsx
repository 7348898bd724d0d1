/** @module status — the console's loading, error-with-retry and empty states, announced to screen readers. */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConsoleApiError } from '../api/console-api.js';
import { PageHeading } from './page-heading.js';

/**
 * What is loading, in words ("Loading users…"), beside the spinner. The live region is in the page
 * before its words (they arrive just after it): screen readers announce what changes in a live
 * region, and may say nothing of one added with its text already in it. It keeps its height while
 * empty, so nothing moves when the words come.
 */
export function Loading({ label }: { label: string }) {
  const [said, setSaid] = useState('');
  useEffect(() => setSaid(label), [label]);
  return (
    <p className="status" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {said}
    </p>
  );
}

/**
 * A page that has nothing to show but its loading: its h1 already says where the operator is
 * ("Webhooks"), so a screen reader names the page at once; the loaded page's own heading (say,
 * "Acme webhooks") replaces it and takes its focus.
 */
export function LoadingPage({ title, label }: { title: string; label: string }) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <Loading label={label} />
    </>
  );
}

/**
 * The console itself starting, before any page of it (the configuration, the operator's access,
 * an invite being accepted): a landmark and an h1 that say where the person is, and what it waits for.
 */
export function StartingPage({ label }: { label: string }) {
  return (
    <main className="centered">
      <h1 className="brand-title">Latchkey console</h1>
      <Loading label={label} />
    </main>
  );
}

/**
 * An error with a retry button; takes focus so keyboard and screen-reader users land on it. What
 * the provider says does not exist (404: a deleted project, a mistyped address) is not retried:
 * the way out is the projects list. `asPage`: the error is all the page shows (its data could not
 * be read), so its title is the page's one h1 rather than a section's h2.
 */
export function ErrorState({
  error,
  retry,
  title = 'Something went wrong',
  asPage = false,
}: {
  error: Error;
  retry?: () => void;
  title?: string;
  asPage?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const missing = error instanceof ConsoleApiError && error.status === 404;
  const Heading = asPage ? 'h1' : 'h2';
  return (
    <div className="error-state" role="alert" tabIndex={-1} ref={ref}>
      <Heading>{missing ? 'Not found' : title}</Heading>
      <p>{error.message}</p>
      {missing ? (
        <Link className="button secondary" to="/projects">
          Go to projects
        </Link>
      ) : (
        retry && (
          <button type="button" className="button" onClick={retry}>
            Retry
          </button>
        )
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
