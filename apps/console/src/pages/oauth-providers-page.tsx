/**
 * @module oauth-providers-page — /console/projects/:projectId/oauth: the project's OAuth
 * providers; add or replace one (PUT, secrets never shown again), remove one (needs a recent
 * factor), and "Test sign-in", which runs the real redirect in a popup and reports back.
 */
import { OAUTH_PROVIDER_TYPES, oauthProviderName } from '@latchkey/wire/oauth-providers';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ConsoleApiError } from '../api/console-api.js';
import { useOperator } from '../auth/operator-context.js';
import { StepUpCancelled, useStepUp } from '../auth/step-up.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { FormProblem } from '../components/form-problem.js';
import { PageHeading } from '../components/page-heading.js';
import { EmptyState, ErrorState, LoadingPage } from '../components/status.js';
import type { OAuthProviderSummary, Project } from '../lib/project-types.js';
import { useResource } from '../lib/use-resource.js';
import { OAUTH_TEST_MESSAGE, oauthTestRedirectUrl } from './oauth-test-page.js';

export function OAuthProvidersPage() {
  const { projectId = '' } = useParams();
  const { api } = useOperator();
  const data = useResource(`oauth:${projectId}`, async () => {
    const [{ project }, { oauth_providers }] = await Promise.all([
      api<{ project: Project }>('GET', `/v1/projects/${projectId}`),
      api<{ oauth_providers: OAuthProviderSummary[] }>('GET', `/v1/projects/${projectId}/oauth_providers`),
    ]);
    return { project, providers: oauth_providers };
  });
  const [editing, setEditing] = useState<string | null>(null);
  // A new key after each save gives an empty form again.
  const [saves, setSaves] = useState(0);
  if (data.state === 'loading')
    return <LoadingPage title="OAuth providers" label="Loading OAuth providers…" />;
  if (data.state === 'error') return <ErrorState asPage error={data.error} retry={data.retry} />;
  const { project, providers } = data.data;
  return (
    <>
      <PageHeading intro="Social sign-in: each provider needs the client ID and secret you registered with it.">
        {project.name} OAuth providers
      </PageHeading>
      <TestPrerequisites project={project} onChanged={data.reload} />
      {providers.length === 0 ? (
        <EmptyState title="No OAuth providers yet">
          <p>Add one below.</p>
        </EmptyState>
      ) : (
        <ul className="card-list" aria-label="OAuth providers">
          {providers.map((p) => (
            <ProviderCard
              key={p.provider_type}
              project={project}
              provider={p}
              onEdit={() => setEditing(p.provider_type)}
              onRemoved={data.reload}
            />
          ))}
        </ul>
      )}
      <ProviderForm
        key={`${editing ?? 'new'}-${saves}`}
        projectId={projectId}
        existing={providers.find((p) => p.provider_type === editing)}
        onSaved={() => {
          setEditing(null);
          setSaves((n) => n + 1);
          data.reload();
        }}
      />
    </>
  );
}

/** The test popup returns to this console: the project must allow its origin and landing page. */
function TestPrerequisites({ project, onChanged }: { project: Project; onChanged(): void }) {
  const { api } = useOperator();
  const origin = window.location.origin;
  const redirect = oauthTestRedirectUrl(origin);
  const [problem, setProblem] = useState<string | null>(null);
  const missing =
    !project.allowed_origins.includes(origin) || !project.allowed_redirect_urls.includes(redirect);
  if (!missing) return null;
  return (
    <div className="panel notice-panel">
      <p>
        Test sign-in runs here: it needs this console’s origin <code className="mono">{origin}</code> and the
        redirect URL <code className="mono">{redirect}</code> allowed by the project.
      </p>
      <button
        type="button"
        className="button secondary"
        onClick={async () => {
          try {
            await api('PATCH', `/v1/projects/${project.project_id}`, {
              allowed_origins: [...new Set([...project.allowed_origins, origin])],
              allowed_redirect_urls: [...new Set([...project.allowed_redirect_urls, redirect])],
            });
            onChanged();
          } catch (error) {
            setProblem((error as Error).message);
          }
        }}
      >
        Allow them
      </button>
      <FormProblem problem={problem} />
    </div>
  );
}

function ProviderCard(props: {
  project: Project;
  provider: OAuthProviderSummary;
  onEdit(): void;
  onRemoved(): void;
}) {
  const { api } = useOperator();
  const stepUp = useStepUp();
  const { provider, project } = props;
  const [result, setResult] = useState<{ ok: boolean; detail: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const name = oauthProviderName(provider.provider_type);
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== OAUTH_TEST_MESSAGE) return;
      setTesting(false);
      setResult({ ok: Boolean(event.data.ok), detail: String(event.data.detail) });
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);
  const test = () => {
    setResult(null);
    const query = new URLSearchParams({
      public_token: project.public_token,
      provider: provider.provider_type,
    });
    const popup = window.open(
      `/console/oauth-test?${query}`,
      `oauth-test-${provider.provider_type}`,
      'popup,width=520,height=720',
    );
    if (!popup)
      setResult({ ok: false, detail: 'The browser blocked the popup; allow popups for this console.' });
    else setTesting(true);
  };
  const remove = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await stepUp(() =>
        api('DELETE', `/v1/projects/${project.project_id}/oauth_providers/${provider.provider_type}`),
      );
      props.onRemoved();
    } catch (error) {
      setProblem(
        error instanceof StepUpCancelled ? 'Cancelled: nothing was removed.' : (error as Error).message,
      );
      setBusy(false);
    }
  };
  return (
    <li className="card">
      <h2>{name}</h2>
      <p>
        Client ID <code className="mono">{provider.client_id}</code>
        {provider.issuer ? (
          <>
            {' '}
            · issuer <code className="mono">{provider.issuer}</code>
          </>
        ) : null}
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={test} disabled={testing}>
          {testing ? 'Testing…' : 'Test sign-in'}
        </button>
        <button type="button" className="button secondary" onClick={props.onEdit}>
          Edit
        </button>
        <button
          type="button"
          className="button danger"
          aria-label={`Remove ${name}`}
          onClick={() => setRemoving(true)}
        >
          Remove
        </button>
      </div>
      {removing && (
        <ConfirmDialog
          title={`Remove ${name}?`}
          confirmLabel={`Remove ${name}`}
          busy={busy}
          problem={problem}
          onCancel={() => {
            setRemoving(false);
            setProblem(null);
          }}
          onConfirm={remove}
        >
          <p>Its users can no longer sign in with {name}. Their accounts and other ways in stay.</p>
        </ConfirmDialog>
      )}
      <p role="status" className={result ? (result.ok ? 'notice' : 'field-error') : undefined}>
        {result?.detail ?? ''}
      </p>
    </li>
  );
}

/** What the development issuer's client for `type` is called (dev-oidc-clients.ts). */
const devClientId = (type: string) => `latchkey-dev-${type}`;

function ProviderForm(props: {
  projectId: string;
  existing: OAuthProviderSummary | undefined;
  onSaved(): void;
}) {
  const { api, config } = useOperator();
  const { existing } = props;
  const [type, setType] = useState(existing?.provider_type ?? 'google');
  const [clientId, setClientId] = useState(existing?.client_id ?? '');
  const [secret, setSecret] = useState('');
  const [issuer, setIssuer] = useState(existing?.issuer ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="panel"
      aria-labelledby="provider-form-title"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setProblem(null);
        try {
          await api('PUT', `/v1/projects/${props.projectId}/oauth_providers/${type}`, {
            client_id: clientId.trim(),
            ...(secret ? { client_secret: secret } : {}),
            ...(issuer.trim() ? { issuer: issuer.trim() } : {}),
          });
          props.onSaved();
        } catch (error) {
          setProblem(error instanceof ConsoleApiError ? error.message : String(error));
          setBusy(false);
        }
      }}
    >
      <h2 id="provider-form-title">
        {existing ? `Edit ${oauthProviderName(existing.provider_type)}` : 'Add a provider'}
      </h2>
      <div className="field">
        <label htmlFor="provider-type">Provider</label>
        <select
          id="provider-type"
          value={type}
          disabled={Boolean(existing)}
          onChange={(e) => setType(e.target.value)}
        >
          {OAUTH_PROVIDER_TYPES.map((p) => (
            <option key={p} value={p}>
              {oauthProviderName(p)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="client-id">Client ID</label>
        <input id="client-id" required value={clientId} onChange={(e) => setClientId(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="client-secret">
          Client secret {existing ? '(leave empty to keep the current one)' : ''}
        </label>
        <input
          id="client-secret"
          type="password"
          autoComplete="off"
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="issuer">OpenID issuer (optional: the provider’s own by default)</label>
        <input
          id="issuer"
          placeholder="https://accounts.example.com"
          value={issuer}
          onChange={(e) => setIssuer(e.target.value)}
        />
      </div>
      <FormProblem problem={problem} />
      <div className="actions">
        <button type="submit" className="button" disabled={busy || clientId.trim() === ''}>
          {busy ? 'Saving…' : 'Save provider'}
        </button>
        {config.development_issuer && (
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              // The provider signs in with the issuer's current client; the secret here is a placeholder.
              setIssuer(config.development_issuer ?? '');
              setClientId(devClientId(type));
              setSecret('development-issuer');
            }}
          >
            Use the development issuer
          </button>
        )}
      </div>
    </form>
  );
}
