/**
 * @module delivery-log — one endpoint's deliveries, newest first: what happened (state, the
 * receiver's status code or why no answer came, latency, attempts, the next retry, when), a page
 * at a time by cursor. The page's cursor is in the URL (`?cursor=`), so a page of the log can be
 * shared and reloaded and the back button returns to the newer page. The newest page reads itself
 * again every few seconds (more often while a delivery on it is queued or sending).
 */
import type { WebhookDelivery } from '@latchkey/wire';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ConsoleApi } from '../../auth/operator-context.js';
import { RefreshButton } from '../../components/refresh-button.js';
import { EmptyState, ErrorState, Loading } from '../../components/status.js';
import { useResource } from '../../lib/use-resource.js';

const PAGE_SIZE = 20;
const REFRESH_MS = 5_000;
const UNSETTLED_REFRESH_MS = 2_000;

/** The state in words; colour is never the only cue. */
export function deliveryStateText(delivery: WebhookDelivery): string {
  switch (delivery.state) {
    case 'delivered':
      return 'Delivered';
    case 'failed':
      return 'Failed';
    case 'running':
      return 'Sending';
    default:
      return delivery.attempts.length === 0 ? 'Queued' : 'Retrying';
  }
}

const when = (iso: string) => new Date(iso).toLocaleString();

export function DeliveryLog(props: {
  endpointId: string;
  projectApi: ConsoleApi;
  /** Bumped by the page when it queued something (a test event), to read the log again. */
  refreshKey: number;
  /** The page's one message when it is the log's (a replay's outcome), and how the log reports one. */
  message: { ok: boolean; text: string } | null;
  onMessage(message: { ok: boolean; text: string } | null): void;
  /** Each read of the newest page (newest first), for what the page says of the latest deliveries. */
  onNewest?(deliveries: readonly WebhookDelivery[]): void;
}) {
  const { endpointId, projectApi, message: replayed, onMessage: setReplayed } = props;
  const [params] = useSearchParams();
  const cursor = params.get('cursor') ?? '';
  const log = useResource(`deliveries:${endpointId}:${cursor}`, () => {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
    if (cursor) query.set('cursor', cursor);
    return projectApi<{ deliveries: WebhookDelivery[]; next_cursor: string | null }>(
      'GET',
      `/v1/webhooks/endpoints/${endpointId}/deliveries?${query}`,
    );
  });
  const [replaying, setReplaying] = useState<string | null>(null);

  const newest = log.state === 'ready' && cursor === '' ? log.data.deliveries : null;
  const onNewest = useRef(props.onNewest);
  onNewest.current = props.onNewest;
  useEffect(() => {
    if (newest) onNewest.current?.(newest);
  }, [newest]);

  const heading = useRef<HTMLHeadingElement>(null);
  const shownCursor = useRef(cursor);
  // Paging changes only the query, which the shell does not treat as a new page: land on the log.
  useEffect(() => {
    if (shownCursor.current === cursor) return;
    shownCursor.current = cursor;
    heading.current?.focus();
  }, [cursor]);

  const unsettled =
    log.state === 'ready' && log.data.deliveries.some((d) => d.state === 'pending' || d.state === 'running');
  const reload = log.state === 'ready' ? log.reload : undefined;
  const askedRefresh = useRef(props.refreshKey);
  useEffect(() => {
    if (askedRefresh.current === props.refreshKey) return;
    askedRefresh.current = props.refreshKey;
    reload?.();
  }, [props.refreshKey, reload]);
  // The newest page follows new events; an unsettled delivery is followed more closely.
  const following = unsettled || cursor === '';
  useEffect(() => {
    if (!following || !reload) return;
    const timer = setTimeout(reload, unsettled ? UNSETTLED_REFRESH_MS : REFRESH_MS);
    return () => clearTimeout(timer);
  }, [following, unsettled, reload]);

  const replay = async (delivery: WebhookDelivery) => {
    setReplaying(delivery.event_id);
    setReplayed(null);
    try {
      await projectApi('POST', `/v1/webhooks/endpoints/${endpointId}/replay`, {
        event_id: delivery.event_id,
      });
      setReplayed({ ok: true, text: `Queued ${delivery.event_type} (${delivery.event_id}) again.` });
      reload?.();
    } catch (error) {
      setReplayed({ ok: false, text: (error as Error).message });
    } finally {
      setReplaying(null);
    }
  };

  return (
    <section className="panel" aria-labelledby="delivery-log">
      <div className="section-head">
        <h2 id="delivery-log" tabIndex={-1} ref={heading}>
          Delivery log
        </h2>
        <RefreshButton resource={log} />
      </div>
      <p className={replayed?.ok === false ? 'field-error' : 'notice'} role="status">
        {replayed?.text ?? ''}
      </p>
      {log.state === 'loading' && <Loading label="Loading deliveries…" />}
      {log.state === 'error' && (
        <ErrorState title="The delivery log could not be read" error={log.error} retry={log.retry} />
      )}
      {log.state === 'ready' &&
        (log.data.deliveries.length === 0 ? (
          <EmptyState title={cursor ? 'No older deliveries' : 'No deliveries yet'}>
            <p>
              {cursor
                ? 'This is the end of the log.'
                : 'Events the endpoint takes appear here as they are sent. Send a test event to try it.'}
            </p>
          </EmptyState>
        ) : (
          <table className="log-table">
            <caption className="visually-hidden">Deliveries to this endpoint, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Response</th>
                <th scope="col">Latency</th>
                <th scope="col">Attempts</th>
                <th scope="col">Next retry</th>
                <th scope="col">Time</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {log.data.deliveries.map((delivery) => {
                const last = delivery.attempts[delivery.attempts.length - 1];
                return (
                  <tr key={delivery.event_id}>
                    <td data-label="Event">
                      <div>
                        <code className="mono">{delivery.event_type}</code>
                        <br />
                        <span className="mono hint">{delivery.event_id}</span>
                      </div>
                    </td>
                    <td data-label="Status">
                      <span className={`badge state-${delivery.state}`}>{deliveryStateText(delivery)}</span>
                    </td>
                    <td data-label="Response">
                      {last ? (
                        last.status_code !== null ? (
                          <span className={last.status_code < 300 ? 'ok' : 'bad'}>{last.status_code}</span>
                        ) : (
                          <span className="bad">{last.error ?? 'No answer'}</span>
                        )
                      ) : (
                        '—'
                      )}
                    </td>
                    <td data-label="Latency">{last ? `${last.latency_ms} ms` : '—'}</td>
                    <td data-label="Attempts">{delivery.attempts.length}</td>
                    <td data-label="Next retry">
                      {delivery.next_attempt_at ? (
                        <time dateTime={delivery.next_attempt_at}>{when(delivery.next_attempt_at)}</time>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td data-label="Time">
                      <time dateTime={delivery.occurred_at}>{when(delivery.occurred_at)}</time>
                    </td>
                    <td data-label="Actions">
                      <button
                        type="button"
                        className="button secondary small"
                        disabled={replaying !== null}
                        aria-label={`Replay ${delivery.event_type} ${delivery.event_id}`}
                        onClick={() => void replay(delivery)}
                      >
                        {replaying === delivery.event_id ? 'Replaying…' : 'Replay'}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ))}
      {log.state === 'ready' && (cursor || log.data.next_cursor) && (
        <nav className="pager" aria-label="Delivery log pages">
          {cursor && <Link to="?">Newest deliveries</Link>}
          {log.data.next_cursor && <Link to={`?cursor=${log.data.next_cursor}`}>Older deliveries</Link>}
        </nav>
      )}
    </section>
  );
}
