/** @module user-events — the latest audit records about one user (the project's audit log filtered to them), newest first. */
import type { AuditEvent } from '@latchkey/wire';
import { useOperator } from '../../auth/operator-context.js';
import { ErrorState, Loading } from '../../components/status.js';
import { useResource } from '../../lib/use-resource.js';

const RECENT = 20;

/** Who did it, in words. */
function actorOf(event: AuditEvent): string {
  switch (event.actor.type) {
    case 'user':
      return 'the user';
    case 'operator':
      return `operator ${event.actor.id ?? ''}`.trim();
    case 'project':
      return 'your back end';
    default:
      return 'Latchkey';
  }
}

export function UserEvents({ projectId, userId }: { projectId: string; userId: string }) {
  const { api } = useOperator();
  const events = useResource(`user-events:${projectId}:${userId}`, () =>
    api<{ audit_events: AuditEvent[] }>(
      'GET',
      `/v1/audit_events?user_id=${encodeURIComponent(userId)}&limit=${RECENT}`,
      undefined,
      projectId,
    ),
  );
  return (
    <section className="panel" aria-labelledby="events-title">
      <h2 id="events-title">Recent events</h2>
      {events.state === 'loading' && <Loading label="Loading events…" />}
      {events.state === 'error' && (
        <ErrorState error={events.error} retry={events.retry} title="The events could not be loaded" />
      )}
      {events.state === 'ready' &&
        (events.data.audit_events.length === 0 ? (
          <p className="hint">Nothing recorded about this user yet.</p>
        ) : (
          <ul className="factor-list" aria-labelledby="events-title">
            {events.data.audit_events.map((event) => (
              <li key={event.audit_event_id}>
                <span className="mono">{event.action}</span> by {actorOf(event)}
                <span className="hint">
                  <time dateTime={event.occurred_at}>{new Date(event.occurred_at).toLocaleString()}</time>
                  {event.ip_address ? ` from ${event.ip_address}` : ''}
                </span>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
