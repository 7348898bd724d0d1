/** Error reporting: traces and replays to a Sentry-compatible service, only when a DSN is configured. */
import { useEffect } from 'react';

/** Spec §9 monitoring constants that the SDK lets a site set. */
export const MONITORING = {
  tracesSampleRate: 1,
  maxBreadcrumbs: 100,
  replayMutationLimit: 10_000,
  replayMutationBreadcrumbLimit: 750,
  slowClickTimeoutMs: 7000,
} as const;

let started = false;

/** Loads @sentry/browser lazily (never when `dsn` is null), once per page. */
export function ErrorReporting({ dsn }: { dsn: string | null }) {
  useEffect(() => {
    if (!dsn || started) return;
    started = true;
    import('@sentry/browser')
      .then((Sentry) => {
        Sentry.init({
          dsn,
          tracesSampleRate: MONITORING.tracesSampleRate,
          maxBreadcrumbs: MONITORING.maxBreadcrumbs,
          replaysSessionSampleRate: 1,
          replaysOnErrorSampleRate: 1,
          integrations: [
            Sentry.browserTracingIntegration(),
            Sentry.replayIntegration({
              mutationLimit: MONITORING.replayMutationLimit,
              mutationBreadcrumbLimit: MONITORING.replayMutationBreadcrumbLimit,
              slowClickTimeout: MONITORING.slowClickTimeoutMs,
            }),
          ],
        });
      })
      .catch((error: unknown) => console.error('Clickwise: error reporting did not load', error));
  }, [dsn]);
  return null;
}
