/**
 * @module endpoint-page — /console/projects/:projectId/webhooks/:endpointId: one endpoint. Edit it,
 * enable or disable it (failing when its newest deliveries failed, as the list says), send it a test event, rotate its signing secret (shown once), delete it
 * (after a confirmation; both need a recent factor), and read its delivery log with replay.
 * One message at a time: each action's outcome replaces the last, beside the buttons that acted
 * (the endpoint's, or the log's). A rotated secret stays until dismissed or the page is left (for
 * another endpoint too: the page starts afresh for each).
 */
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useProjectApi } from '../../api/project-api.js';
import { useOperator } from '../../auth/operator-context.js';
import { StepUpCancelled, useStepUp } from '../../auth/step-up.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PageHeading } from '../../components/page-heading.js';
import { ErrorState, LoadingPage } from '../../components/status.js';
import { useResource } from '../../lib/use-resource.js';
import { SecretReveal } from '../secret-reveal.js';
import { DeliveryLog } from './delivery-log.js';
import { FailingNote, failingCount, loadFailingCount } from './endpoint-failing.js';
import { EndpointForm } from './endpoint-form.js';
import {
  disabledReasonText,
  eventsSummary,
  loadWebhookContext,
  type WebhookEndpoint,
} from './webhooks-data.js';

export function EndpointPage() {
  const { projectId = '', endpointId = '' } = useParams();
  return <Endpoint key={`${projectId}:${endpointId}`} projectId={projectId} endpointId={endpointId} />;
}

/** Where a message belongs: beside the endpoint's buttons, or the delivery log's. */
export type MessagePlace = 'endpoint' | 'log';
export interface PageMessage {
  ok: boolean;
  text: string;
  place: MessagePlace;
}

function Endpoint({ projectId, endpointId }: { projectId: string; endpointId: string }) {
  const { api } = useOperator();
  const projectApi = useProjectApi(projectId);
  const stepUp = useStepUp();
  const navigate = useNavigate();
  const data = useResource(`webhook:${projectId}:${endpointId}`, async () => {
    const [context, { endpoint }, failed] = await Promise.all([
      loadWebhookContext(api, projectApi, projectId),
      projectApi<{ endpoint: WebhookEndpoint }>('GET', `/v1/webhooks/endpoints/${endpointId}`),
      loadFailingCount(projectApi, endpointId),
    ]);
    return { ...context, endpoint, failed };
  });
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState<PageMessage | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null);
  const [logRefresh, setLogRefresh] = useState(0);
  const editButton = useRef<HTMLButtonElement>(null);
  const rotateButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);

  if (data.state === 'loading') return <LoadingPage title="Webhook endpoint" label="Loading the endpoint…" />;
  if (data.state === 'error')
    return (
      <>
        <ErrorState asPage error={data.error} retry={data.retry} title="This endpoint could not be shown" />
        <p>
          <Link to={`/projects/${projectId}/webhooks`}>Back to the webhooks</Link>
        </p>
      </>
    );
  const { project, catalogue, endpoint, failed } = data.data;
  const base = `/v1/webhooks/endpoints/${endpointId}`;
  const update = (next: WebhookEndpoint) => data.replace({ ...data.data, endpoint: next });

  /** Runs one action, reporting in the status line; a step-up the operator cancels changes nothing. */
  const act = async (name: string, run: () => Promise<string>) => {
    setBusy(name);
    setMessage(null);
    try {
      setMessage({ ok: true, text: await run(), place: 'endpoint' });
    } catch (error) {
      if (!(error instanceof StepUpCancelled))
        setMessage({ ok: false, text: (error as Error).message, place: 'endpoint' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <p className="breadcrumb">
        <Link to={`/projects/${projectId}/webhooks`}>{project.name} webhooks</Link>
      </p>
      <PageHeading intro={endpoint.description || undefined}>
        <span className="mono endpoint-url">{endpoint.url}</span>
      </PageHeading>
      <section className="panel" aria-labelledby="endpoint-status">
        <h2 id="endpoint-status" className="visually-hidden">
          Endpoint
        </h2>
        <dl className="facts">
          <dt>Status</dt>
          <dd>
            {endpoint.enabled ? (
              <span className="badge live">Enabled</span>
            ) : (
              <span className="badge off">Disabled</span>
            )}
            {!endpoint.enabled && endpoint.disabled_reason && (
              <span className="bad"> {disabledReasonText(endpoint.disabled_reason)}</span>
            )}
            <FailingNote failed={failed} />
          </dd>
          <dt>Events</dt>
          <dd>{eventsSummary(endpoint)}</dd>
          <dt>Endpoint ID</dt>
          <dd className="mono">{endpoint.endpoint_id}</dd>
        </dl>
        <div className="actions">
          <button
            type="button"
            className="button secondary"
            ref={editButton}
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={busy !== null}
            onClick={() =>
              act('toggle', async () => {
                const { endpoint: next } = await projectApi<{ endpoint: WebhookEndpoint }>('PUT', base, {
                  enabled: !endpoint.enabled,
                });
                update(next);
                return next.enabled
                  ? 'Enabled: events are sent again.'
                  : 'Disabled: events wait until it is enabled.';
              })
            }
          >
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={busy !== null || !endpoint.enabled}
            aria-describedby={endpoint.enabled ? undefined : 'test-needs-enabled'}
            onClick={() =>
              act('test', async () => {
                const { event_id } = await projectApi<{ event_id: string }>(
                  'POST',
                  `${base}/send_test_event`,
                );
                setLogRefresh((n) => n + 1);
                return `Sent a webhook.test event (${event_id}); it appears in the delivery log below.`;
              })
            }
          >
            {busy === 'test' ? 'Sending…' : 'Send test event'}
          </button>
          <button
            type="button"
            className="button danger"
            ref={rotateButton}
            disabled={busy !== null}
            onClick={() =>
              act('rotate', async () => {
                const answer = await stepUp(() =>
                  projectApi<{ endpoint: WebhookEndpoint; secret: string }>('POST', `${base}/rotate_secret`),
                );
                setSecret(answer.secret);
                update(answer.endpoint);
                return 'Rotated: the old secret no longer signs events.';
              })
            }
          >
            {busy === 'rotate' ? 'Rotating…' : 'Rotate secret'}
          </button>
          <button
            type="button"
            className="button danger"
            ref={deleteButton}
            disabled={busy !== null}
            onClick={() => {
              setDeleteProblem(null);
              setConfirmingDelete(true);
            }}
          >
            Delete
          </button>
        </div>
        {!endpoint.enabled && (
          <p className="hint" id="test-needs-enabled">
            Enable the endpoint to send it a test event.
          </p>
        )}
        <MessageLine message={message} place="endpoint" />
        {secret && (
          <NewSecret
            secret={secret}
            onDismiss={() => {
              setSecret(null);
              rotateButton.current?.focus();
            }}
          />
        )}
      </section>
      {editing && (
        <EndpointForm
          title="Edit the endpoint"
          submitLabel="Save changes"
          busyLabel="Saving…"
          catalogue={catalogue}
          initial={{
            url: endpoint.url,
            description: endpoint.description,
            event_types: endpoint.event_types,
          }}
          onCancel={() => {
            setEditing(false);
            editButton.current?.focus();
          }}
          onSubmit={async (fields) => {
            const { endpoint: next } = await projectApi<{ endpoint: WebhookEndpoint }>('PUT', base, fields);
            update(next);
            setEditing(false);
            setMessage({ ok: true, text: 'Saved.', place: 'endpoint' });
            editButton.current?.focus();
          }}
        />
      )}
      <DeliveryLog
        endpointId={endpointId}
        projectApi={projectApi}
        refreshKey={logRefresh}
        // The log's newest page follows new deliveries: the failing note follows it.
        onNewest={(newest) => {
          const next = failingCount(newest);
          if (next !== failed) data.replace({ ...data.data, failed: next });
        }}
        message={message?.place === 'log' ? message : null}
        onMessage={(next) => setMessage(next && { ...next, place: 'log' })}
      />
      {confirmingDelete && (
        <ConfirmDialog
          title="Delete this endpoint?"
          confirmLabel="Delete endpoint"
          busy={busy === 'delete'}
          problem={deleteProblem}
          onCancel={() => {
            setConfirmingDelete(false);
            deleteButton.current?.focus();
          }}
          onConfirm={async () => {
            setBusy('delete');
            setDeleteProblem(null);
            try {
              await stepUp(() => projectApi('DELETE', base));
              navigate(`/projects/${projectId}/webhooks`, { state: { removed: endpoint.url } });
            } catch (error) {
              if (error instanceof StepUpCancelled) {
                setConfirmingDelete(false);
                deleteButton.current?.focus();
              } else setDeleteProblem((error as Error).message);
            } finally {
              setBusy(null);
            }
          }}
        >
          <p>
            Events stop going to <code className="mono">{endpoint.url}</code> at once, and its pending
            deliveries and delivery log are deleted with it.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** The status line of one place: the page's message when it belongs there (always present, so it is announced). */
function MessageLine({ message, place }: { message: PageMessage | null; place: MessagePlace }) {
  const here = message?.place === place ? message : null;
  return (
    <p className={here?.ok === false ? 'field-error' : 'notice'} role="status">
      {here?.text ?? ''}
    </p>
  );
}

/** A rotated secret, shown once; takes focus so the operator lands on it, and goes when dismissed. */
function NewSecret({ secret, onDismiss }: { secret: string; onDismiss(): void }) {
  return (
    <div className="new-secret">
      <p>Copy the new signing secret now: it is shown only this once.</p>
      <SecretReveal key={secret} secret={secret} label="New signing secret" takeFocus />
      <button type="button" className="button secondary small" onClick={onDismiss}>
        Done: I have copied it
      </button>
    </div>
  );
}
