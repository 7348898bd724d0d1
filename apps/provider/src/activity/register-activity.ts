/**
 * @module register-activity — the activity counters on the app (`app.activity`): refused sign-ins
 * and rate-limit hits counted where errors leave, flushed every few seconds while the app runs and
 * once more when it closes. Sign-ins and lockouts are counted from domain events (the activity
 * feature); emails and texts by the delivery worker.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { isApiError } from '../errors/api-error.js';
import { type ActivityCounters, createActivityCounters } from './activity-counters.js';
import { addActivityCounts } from './activity-counts.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-project activity counts, written in batches (set by registerActivity). */
    activity: ActivityCounters;
  }
}

/** How often counts are written; the console's figures lag this instance's by at most this. */
export const ACTIVITY_FLUSH_MS = 5_000;

/** The sign-in routes and the method (a session factor's `type`) each proves. */
const SIGN_IN_METHODS: Readonly<Record<string, string>> = {
  '/sdk/v1/passwords/authenticate': 'password',
  '/sdk/v1/magic_links/authenticate': 'magic_link',
  '/sdk/v1/otps/authenticate': 'otp',
  '/sdk/v1/webauthn/authenticate': 'webauthn',
  '/sdk/v1/oauth/authenticate': 'oauth',
  '/sdk/v1/totps/authenticate': 'totp',
  '/sdk/v1/crypto_wallets/authenticate': 'crypto',
  '/v1/magic_links/authenticate': 'magic_link',
  '/v1/oauth/authenticate': 'oauth',
  '/v1/otps/authenticate': 'otp',
  '/v1/passwords/authenticate': 'password',
};

function signInMethodOf(request: FastifyRequest): string | undefined {
  return request.method === 'POST' ? SIGN_IN_METHODS[request.routeOptions.url ?? ''] : undefined;
}

/** Decorates `app.activity` and counts refusals; call on the root instance before the features. */
export function registerActivity(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'clock' | 'activity' | 'metrics'>,
): void {
  const counters = createActivityCounters({
    now: () => deps.clock.now(),
    sink: (counts) => addActivityCounts(deps.db, counts),
    ...(deps.metrics ? { onAdd: deps.metrics.countActivity } : {}),
  });
  app.decorate('activity', counters);

  // Errors only: a successful call pays nothing here.
  app.addHook('onError', async (request, _reply, error) => {
    const projectId = request.project?.id;
    if (!projectId || !isApiError(error) || error.status < 400 || error.status >= 500) return;
    if (error.code === 'too_many_requests') {
      counters.add(projectId, 'rate_limit_hits');
      return;
    }
    const method = signInMethodOf(request);
    if (method) counters.add(projectId, 'sign_in_failures', method);
  });

  let timer: NodeJS.Timeout | undefined;
  const flushQuietly = () =>
    counters.flush().catch((error: unknown) => {
      app.log.warn(
        { error: error instanceof Error ? error.message : typeof error },
        'activity counts not written; will retry',
      );
    });
  app.addHook('onReady', async () => {
    if (deps.activity?.autoFlush === false) return;
    timer = setInterval(flushQuietly, ACTIVITY_FLUSH_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await flushQuietly();
  });
}
