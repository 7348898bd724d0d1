/**
 * @module keys-page — /console/projects/:projectId/keys: the public token (for pages), and the
 * secret (for servers). The provider keeps only the secret's hash, so the console cannot show a
 * secret it did not just mint: rotating mints one, shown here once, while the old one keeps
 * working for the grace period chosen (rotation needs a recent factor).
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { useOperator } from '../auth/operator-context.js';
import { StepUpCancelled, useStepUp } from '../auth/step-up.js';
import { CopyButton } from '../components/copy-button.js';
import { FieldProblem, problemAttributes } from '../components/field-problem.js';
import { FormProblem } from '../components/form-problem.js';
import { PageHeading } from '../components/page-heading.js';
import { ErrorState, LoadingPage } from '../components/status.js';
import type { Project } from '../lib/project-types.js';
import { useResource } from '../lib/use-resource.js';
import { SecretReveal } from './secret-reveal.js';

export function KeysPage() {
  const { projectId = '' } = useParams();
  const { api } = useOperator();
  const stepUp = useStepUp();
  const project = useResource(`keys:${projectId}`, () =>
    api<{ project: Project }>('GET', `/v1/projects/${projectId}`),
  );
  const [grace, setGrace] = useState('1440');
  const [minted, setMinted] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (project.state === 'loading') return <LoadingPage title="API keys" label="Loading the keys…" />;
  if (project.state === 'error') return <ErrorState asPage error={project.error} retry={project.retry} />;
  const p = project.data.project;
  const graceMinutes = Number(grace);
  const graceProblem =
    grace.trim() === '' || !Number.isInteger(graceMinutes) || graceMinutes < 0 || graceMinutes > 10_080
      ? 'A whole number of minutes from 0 to 10080 (7 days).'
      : undefined;
  return (
    <>
      <PageHeading intro="The public token goes in your pages; the secret stays on your servers.">
        {p.name} API keys
      </PageHeading>
      <section className="panel" aria-labelledby="ids">
        <h2 id="ids">Project ID and public token</h2>
        <dl className="facts">
          <dt>Project ID</dt>
          <dd className="copyable">
            <span className="mono">{p.project_id}</span>
            <CopyButton text={p.project_id} what="project ID" />
          </dd>
          <dt>Public token</dt>
          <dd className="copyable">
            <span className="mono">{p.public_token}</span>
            <CopyButton text={p.public_token} what="public token" />
          </dd>
        </dl>
      </section>
      <section className="panel" aria-labelledby="secret">
        <h2 id="secret">Secret</h2>
        <p>Stored only as a hash: copy a new secret when it is shown, it will not be shown again.</p>
        {p.previous_secret_expires_at && (
          <p className="notice">
            The previous secret still works until{' '}
            <time dateTime={p.previous_secret_expires_at}>
              {new Date(p.previous_secret_expires_at).toLocaleString()}
            </time>
            .
          </p>
        )}
        {minted && <SecretReveal key={minted} secret={minted} label="New secret" takeFocus />}
        <form
          className="inline-form"
          onSubmit={async (event) => {
            event.preventDefault();
            if (graceProblem) return;
            setBusy(true);
            setProblem(null);
            try {
              const answer = await stepUp(() =>
                api<{ project: Project; secret: string }>(
                  'POST',
                  `/v1/projects/${projectId}/secrets/rotate`,
                  {
                    grace_period_minutes: graceMinutes,
                  },
                ),
              );
              setMinted(answer.secret);
              project.replace({ project: answer.project });
            } catch (error) {
              if (!(error instanceof StepUpCancelled)) setProblem((error as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          <div className="field">
            <label htmlFor="grace">Keep the old secret working for (minutes)</label>
            <input
              id="grace"
              type="number"
              min={0}
              max={10080}
              value={grace}
              {...problemAttributes('grace-error', graceProblem)}
              onChange={(e) => setGrace(e.target.value)}
            />
            <FieldProblem id="grace-error" problem={graceProblem} />
          </div>
          <button type="submit" className="button danger" disabled={busy || Boolean(graceProblem)}>
            {busy ? 'Rotating…' : 'Rotate secret'}
          </button>
        </form>
        <FormProblem problem={problem} />
      </section>
    </>
  );
}
