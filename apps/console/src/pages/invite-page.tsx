/**
 * @module invite-page — /console/invite#token=…: the invited person signs up or in (with the
 * invited address) and the console accepts the invite with their session. The token stays in
 * this tab's sessionStorage across the sign-in, and the address bar drops it at once.
 */
import { useSession } from '@latchkey/react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ConsoleApiError, callConsoleApi } from '../api/console-api.js';
import { useBoot } from '../auth/console-boot.js';
import { SignInPanel } from '../auth/sign-in-panel.js';
import { ErrorState, StartingPage } from '../components/status.js';

const KEY = 'latchkey-console-invite';

function takeInviteToken(): string | null {
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (fromHash) {
    sessionStorage.setItem(KEY, fromHash);
    history.replaceState(null, '', window.location.pathname);
  }
  return sessionStorage.getItem(KEY);
}

export function InvitePage() {
  const [token] = useState(takeInviteToken);
  const { session } = useSession();
  const { client } = useBoot();
  const [outcome, setOutcome] = useState<{ ok: true; email: string } | { ok: false; error: Error } | null>(
    null,
  );
  useEffect(() => {
    if (!session || !token || outcome) return;
    callConsoleApi<{ operator: { email: string } }>(client, 'POST', '/v1/console/invites/accept', {
      token,
    }).then(
      (answer) => {
        sessionStorage.removeItem(KEY);
        setOutcome({ ok: true, email: answer.operator.email });
      },
      (error: unknown) => setOutcome({ ok: false, error: error as Error }),
    );
  }, [session, token, outcome, client]);

  if (!token)
    return (
      <main className="centered">
        <ErrorState
          asPage
          title="No invite in this link"
          error={new Error('Open the whole link you were sent.')}
        />
      </main>
    );
  if (!session)
    return (
      <main className="centered sign-in-page">
        <h1 className="brand-title">Join the Latchkey console</h1>
        <p className="lead">
          Create your account with the address you were invited at: a password, then an authenticator app. You
          can add a passkey once you are in.
        </p>
        <SignInPanel title="Create your account or sign in" />
      </main>
    );
  if (!outcome) return <StartingPage label="Accepting your invite…" />;
  if (!outcome.ok) {
    const gone =
      outcome.error instanceof ConsoleApiError && outcome.error.errorType === 'console_invite_not_found';
    return (
      <main className="centered">
        <ErrorState
          asPage
          title={gone ? 'This invite cannot be used' : 'The invite could not be accepted'}
          error={outcome.error}
          retry={() => setOutcome(null)}
        />
      </main>
    );
  }
  return (
    <main className="centered">
      <div className="panel" role="status">
        <h1>Welcome, {outcome.email}</h1>
        <p>You are now an operator of this Latchkey provider.</p>
        <p className="actions">
          <Link className="button" to="/account">
            Add a passkey
          </Link>
          <Link className="button secondary" to="/projects">
            Go to projects
          </Link>
        </p>
      </div>
    </main>
  );
}
