/**
 * @module operators-page — /console/operators: who may sign in to this console (deployment-wide).
 * Invite an address (a single-use link, shown once: the provider keeps only its hash), and remove
 * an operator or a pending invite after a step-up. The provider refuses removing yourself or the
 * last active operator; its message is shown as it says it.
 */
import { useState } from 'react';
import '../insights.css';
import { useOperator } from '../auth/operator-context.js';
import { StepUpCancelled, useStepUp } from '../auth/step-up.js';
import { FieldProblem, problemAttributes } from '../components/field-problem.js';
import { FormProblem } from '../components/form-problem.js';
import { PageHeading } from '../components/page-heading.js';
import { ErrorState, Loading } from '../components/status.js';
import { useResource } from '../lib/use-resource.js';
import { SecretReveal } from '../pages/secret-reveal.js';
import { type ConsoleOperatorSummary, OperatorRow } from './operator-row.js';

export function OperatorsPage() {
  const { api, operator: me } = useOperator();
  const stepUp = useStepUp();
  const operators = useResource('operators', () =>
    api<{ operators: ConsoleOperatorSummary[] }>('GET', '/v1/console_operators'),
  );
  const [email, setEmail] = useState('');
  // The link just made, shown until that invite is cancelled (then it works no more).
  const [invited, setInvited] = useState<{ operatorId: string; email: string; url: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailProblem =
    email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())
      ? 'Enter an email address, such as ada@example.com.'
      : undefined;

  const remove = async (target: ConsoleOperatorSummary) => {
    setProblem(null);
    setNotice(null);
    try {
      await stepUp(() => api('DELETE', `/v1/console_operators/${encodeURIComponent(target.operator_id)}`));
      if (invited?.operatorId === target.operator_id) setInvited(null);
      setNotice(
        target.status === 'invited'
          ? `The invite to ${target.email} no longer works.`
          : `${target.email} can no longer use the console.`,
      );
      operators.reload();
    } catch (error) {
      if (!(error instanceof StepUpCancelled)) setProblem((error as Error).message);
    }
  };

  return (
    <>
      <PageHeading intro="People who may sign in to this console and manage every project.">
        Operators
      </PageHeading>
      <section className="panel" aria-labelledby="invite">
        <h2 id="invite">Invite an operator</h2>
        <form
          className="inline-form"
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            if (emailProblem || email.trim() === '') return;
            setBusy(true);
            setProblem(null);
            setNotice(null);
            try {
              const answer = await api<{ invite_url: string; operator: ConsoleOperatorSummary }>(
                'POST',
                '/v1/console_operators/invites',
                { email: email.trim() },
              );
              setInvited({
                operatorId: answer.operator.operator_id,
                email: answer.operator.email,
                url: answer.invite_url,
              });
              setEmail('');
              operators.reload();
            } catch (error) {
              setProblem((error as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          <div className="field">
            <label htmlFor="invite-email">Email address</label>
            <input
              id="invite-email"
              type="email"
              autoComplete="off"
              value={email}
              {...problemAttributes('invite-email-error', emailProblem)}
              onChange={(e) => setEmail(e.target.value)}
            />
            <FieldProblem id="invite-email-error" problem={emailProblem} />
          </div>
          <button
            type="submit"
            className="button"
            disabled={busy || email.trim() === '' || Boolean(emailProblem)}
          >
            {busy ? 'Inviting…' : 'Invite'}
          </button>
        </form>
        {invited && (
          <div className="notice-panel" role="status">
            <p>Send this link to {invited.email}. It works once, for 7 days, and will not be shown again.</p>
            <SecretReveal secret={invited.url} label="Invite link" />
          </div>
        )}
      </section>
      <FormProblem problem={problem} />
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <section className="panel" aria-labelledby="people">
        <h2 id="people">Operators and invites</h2>
        {operators.state === 'loading' && <Loading label="Loading the operators…" />}
        {operators.state === 'error' && <ErrorState error={operators.error} retry={operators.retry} />}
        {operators.state === 'ready' && (
          <ul className="card-list">
            {operators.data.operators.map((o) => (
              <OperatorRow
                key={o.operator_id}
                operator={o}
                isMe={o.operator_id === me.operator_id}
                onRemove={remove}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
