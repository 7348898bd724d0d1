/** @module account-page — /console/account: who is signed in, how long console sessions last, and adding a passkey. */
import { PasskeyRegistration } from '@latchkey/react';
import { useState } from 'react';
import { useOperator } from '../auth/operator-context.js';
import { PageHeading } from '../components/page-heading.js';

export function AccountPage() {
  const { operator, config, client } = useOperator();
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <PageHeading intro={operator.email ?? operator.operator_id}>Your account</PageHeading>
      <section className="panel" aria-labelledby="sessions">
        <h2 id="sessions">Console sessions</h2>
        <p>
          A console session ends after {config.session_idle_minutes} minutes without activity, and{' '}
          {config.session_max_minutes / 60} hours after sign-in. Deleting a user, rotating a secret, removing
          an OAuth provider or a webhook endpoint, and removing an operator ask for your passkey or
          authenticator code again unless you gave one in the last {config.step_up_window_minutes} minutes.
        </p>
      </section>
      <section className="panel" aria-labelledby="passkey">
        <h2 id="passkey">Passkeys</h2>
        <p>Sign in with a passkey instead of your password and authenticator code.</p>
        <PasskeyRegistration
          client={client}
          config={{ products: ['passkeys'] }}
          styles={{ colors: { primary: '#1d3fbb' } }}
          callbacks={{
            // The widget's 'Done' ends its part; the page says the list is kept (a new passkey
            // is saved the moment it is made, renames and deletions at once).
            onEvent: ({ type }) => setNotice(type === 'PASSKEY_DONE' ? 'Your passkeys are saved.' : null),
          }}
        />
        <p className="save-status notice" role="status" aria-live="polite">
          {notice}
        </p>
      </section>
    </>
  );
}
