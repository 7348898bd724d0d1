/**
 * @module webhooks-page — /console/projects/:projectId/webhooks: the project's endpoints (URL,
 * events, enabled or why not, failing when their newest deliveries failed) and a form to add one.
 * The new endpoint's signing secret is shown here once: the provider shows it only at creation (and on rotation).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useProjectApi } from '../../api/project-api.js';
import { useOperator } from '../../auth/operator-context.js';
import { PageHeading } from '../../components/page-heading.js';
import { EmptyState, ErrorState, LoadingPage } from '../../components/status.js';
import { useResource } from '../../lib/use-resource.js';
import { SecretReveal } from '../secret-reveal.js';
import { FailingNote, loadFailingCount } from './endpoint-failing.js';
import { EndpointForm } from './endpoint-form.js';
import {
  disabledReasonText,
  eventsSummary,
  loadWebhookContext,
  type WebhookEndpoint,
} from './webhooks-data.js';

export function WebhooksPage() {
  const { projectId = '' } = useParams();
  const { api } = useOperator();
  const projectApi = useProjectApi(projectId);
  const location = useLocation();
  const removed = (location.state as { removed?: string } | null)?.removed;
  const data = useResource(`webhooks:${projectId}`, async () => {
    const [context, { endpoints }] = await Promise.all([
      loadWebhookContext(api, projectApi, projectId),
      projectApi<{ endpoints: WebhookEndpoint[] }>('GET', '/v1/webhooks/endpoints'),
    ]);
    // Each endpoint's newest deliveries, to flag the failing ones.
    const failing = new Map<string, number>(
      await Promise.all(
        endpoints.map(
          async (endpoint) =>
            [endpoint.endpoint_id, await loadFailingCount(projectApi, endpoint.endpoint_id)] as const,
        ),
      ),
    );
    return { ...context, endpoints, failing };
  });
  const [created, setCreated] = useState<{ endpoint: WebhookEndpoint; secret: string } | null>(null);
  // A new key after each creation gives an empty form again.
  const [creations, setCreations] = useState(0);
  if (data.state === 'loading') return <LoadingPage title="Webhooks" label="Loading webhooks…" />;
  if (data.state === 'error') return <ErrorState asPage error={data.error} retry={data.retry} />;
  const { project, catalogue, endpoints, failing } = data.data;
  return (
    <>
      <PageHeading intro="Signed HTTP POSTs to your servers when users, sessions and factors change (Standard Webhooks).">
        {project.name} webhooks
      </PageHeading>
      {removed && !created && (
        <p className="notice" role="status">
          Deleted the endpoint {removed}.
        </p>
      )}
      {created && (
        <CreatedPanel
          key={created.endpoint.endpoint_id}
          endpoint={created.endpoint}
          secret={created.secret}
        />
      )}
      {endpoints.length === 0 ? (
        <EmptyState title="No endpoints yet">
          <p>Add the URL of a server route below; every event is signed so it can check it came from here.</p>
        </EmptyState>
      ) : (
        <ul className="card-list" aria-label="Webhook endpoints">
          {endpoints.map((endpoint) => (
            <li key={endpoint.endpoint_id} className="card endpoint-card">
              <h2 className="mono endpoint-url">
                <Link to={endpoint.endpoint_id}>{endpoint.url}</Link>
              </h2>
              {endpoint.description && <p>{endpoint.description}</p>}
              <p>
                {endpoint.enabled ? (
                  <span className="badge live">Enabled</span>
                ) : (
                  <span className="badge off">Disabled</span>
                )}{' '}
                <span className="hint">{eventsSummary(endpoint)}</span>
              </p>
              {!endpoint.enabled && endpoint.disabled_reason && (
                <p className="bad">{disabledReasonText(endpoint.disabled_reason)}</p>
              )}
              <FailingNote failed={failing.get(endpoint.endpoint_id) ?? 0} />
            </li>
          ))}
        </ul>
      )}
      <EndpointForm
        key={creations}
        title="Add an endpoint"
        submitLabel="Add endpoint"
        busyLabel="Adding…"
        catalogue={catalogue}
        onSubmit={async (fields) => {
          const answer = await projectApi<{ endpoint: WebhookEndpoint; secret: string }>(
            'POST',
            '/v1/webhooks/endpoints',
            fields,
          );
          setCreated(answer);
          setCreations((n) => n + 1);
          data.replace({ ...data.data, endpoints: [...endpoints, answer.endpoint] });
        }}
      />
    </>
  );
}

/** The new endpoint's secret, shown once; takes focus so the operator lands on it. */
function CreatedPanel({ endpoint, secret }: { endpoint: WebhookEndpoint; secret: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="panel notice-panel" aria-labelledby="endpoint-created">
      <h2 id="endpoint-created" tabIndex={-1} ref={heading}>
        Endpoint added: copy its signing secret
      </h2>
      <p>
        Your server verifies each event with this secret. It is shown only now; rotate it on the endpoint’s
        page if it is lost.
      </p>
      <SecretReveal secret={secret} label="Signing secret" />
      <Link className="button secondary" to={endpoint.endpoint_id}>
        Open the endpoint and its delivery log
      </Link>
    </section>
  );
}
