/** @module activity.plugin — counts sign-ins and lockouts from domain events, and serves the console's activity figures. */
import { featurePlugin } from '../../feature-plugin.js';
import { activityRoutes } from './activity.routes.js';

/** The method a session was started with: its first factor's type (the primary sign-in, before any MFA step). */
function signInMethodOf(data: Record<string, unknown>): string {
  const factors = data.authentication_factors;
  const first = Array.isArray(factors) ? (factors[0] as { type?: unknown } | undefined) : undefined;
  return typeof first?.type === 'string' ? first.type : 'unknown';
}

export const activityPlugin = featurePlugin(
  'activity',
  ['domain-events', 'operator-keys'],
  async (app, { deps }) => {
    const counters = app.activity;
    // In memory only (no statement on the sign-in path); a rolled-back sign-in is rare enough to count.
    app.domainEvents.subscribe('session.created', async (_db, event) => {
      counters.add(event.projectId, 'sign_ins', signInMethodOf(event.data));
    });
    app.domainEvents.subscribe('login.locked', async (_db, event) => {
      counters.add(event.projectId, 'lockouts');
    });
    app.register(activityRoutes, { db: deps.db, clock: deps.clock, operators: app.operatorAuth, counters });
  },
);
