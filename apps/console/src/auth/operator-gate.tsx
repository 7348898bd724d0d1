/**
 * @module operator-gate — shows the sign-in until there is a console session, then asks the
 * provider whose it is: an active operator gets the console; anyone else is told how to get in.
 */
import { useSession } from '@latchkey/react';
import type { ReactNode } from 'react';
import { ConsoleApiError, callConsoleApi } from '../api/console-api.js';
import { ErrorState, StartingPage } from '../components/status.js';
import { useResource } from '../lib/use-resource.js';
import { useBoot } from './console-boot.js';
import { type ConsoleOperator, OperatorProvider, signOutOf } from './operator-context.js';
import { SignInPanel } from './sign-in-panel.js';
import { StepUpProvider } from './step-up.js';

export function OperatorGate({ children }: { children: ReactNode }) {
  const { session } = useSession();
  if (!session) return <SignInPage />;
  return <SignedIn sessionId={session.session_id}>{children}</SignedIn>;
}

function SignInPage() {
  return (
    <main className="centered sign-in-page">
      <h1 className="brand-title">Latchkey console</h1>
      <p className="lead">Sign in with your passkey, or your password and authenticator app.</p>
      <SignInPanel title="Sign in to the console" />
      <p className="hint">No account? An operator invites you (latchkey-provider operator invite EMAIL).</p>
    </main>
  );
}

function SignedIn({ sessionId, children }: { sessionId: string; children: ReactNode }) {
  const { client, config } = useBoot();
  const me = useResource(`me:${sessionId}`, () =>
    callConsoleApi<ConsoleOperator>(client, 'GET', '/v1/console/me'),
  );
  if (me.state === 'loading') return <StartingPage label="Checking your access…" />;
  if (me.state === 'error') {
    const notOperator = me.error instanceof ConsoleApiError && me.error.status === 403;
    if (me.error instanceof ConsoleApiError && me.error.status === 401) void signOutOf(client);
    return (
      <main className="centered">
        <ErrorState
          asPage
          title={notOperator ? 'This account is not a console operator' : 'Your access could not be checked'}
          error={notOperator ? new Error('Ask an operator for an invite, then open its link.') : me.error}
          {...(notOperator ? {} : { retry: me.retry })}
        />
        <button type="button" className="button secondary" onClick={() => void signOutOf(client)}>
          Sign out
        </button>
      </main>
    );
  }
  return (
    <OperatorProvider client={client} config={config} operator={me.data}>
      <StepUpProvider>{children}</StepUpProvider>
    </OperatorProvider>
  );
}
