/**
 * @module oauth-test-page — /console/oauth-test, opened in a popup by "Test sign-in": runs the
 * project's real OAuth redirect (start → provider → back here), redeems the token with the
 * project's public token, ends the test session at once, and tells the console what happened.
 * The popup's client keeps its cookies under this page's path, apart from the console's session.
 */
import { createLatchkeyClient, type LatchkeyClient } from '@latchkey/client';
import {
  OAUTH_PROVIDER_TYPES,
  type OAuthProviderType,
  oauthProviderName,
} from '@latchkey/wire/oauth-providers';
import { useEffect, useState } from 'react';

const KEY = 'latchkey-console-oauth-test';
export const OAUTH_TEST_MESSAGE = 'latchkey-console-oauth-test';

/** The test's landing page for the project's redirect list. */
export function oauthTestRedirectUrl(origin: string): string {
  return `${origin}/console/oauth-test`;
}

function testClient(publicToken: string): LatchkeyClient {
  return createLatchkeyClient({
    publicToken,
    baseUrl: window.location.origin,
    cookieOptions: {
      opaqueTokenCookieName: 'latchkey_console_oauth_test',
      jwtCookieName: 'latchkey_console_oauth_test_jwt',
      istCookieName: 'latchkey_console_oauth_test_ist',
      path: '/console/oauth-test',
    },
  });
}

type Outcome = { ok: true; detail: string } | { ok: false; detail: string };

export function OAuthTestPage() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const report = (result: Outcome) => {
      setOutcome(result);
      window.opener?.postMessage({ type: OAUTH_TEST_MESSAGE, ...result }, window.location.origin);
    };
    const token = query.get('token');
    if (token) {
      const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { publicToken: string } | null;
      history.replaceState(null, '', window.location.pathname);
      if (!saved) return report({ ok: false, detail: 'This window did not start the test.' });
      const client = testClient(saved.publicToken);
      client.oauth.authenticate(token, { session_duration_minutes: 5 }).then(
        async (result) => {
          const email = result.user.emails[0]?.email ?? result.provider_subject;
          await client.session.revoke().catch(() => undefined);
          report({ ok: true, detail: `Signed in as ${email} (${oauthProviderName(result.provider_type)}).` });
        },
        (error: Error) => report({ ok: false, detail: error.message }),
      );
      return;
    }
    const error = query.get('error_description') ?? query.get('error');
    if (error) return report({ ok: false, detail: error });
    const publicToken = query.get('public_token') ?? '';
    const provider = query.get('provider') ?? '';
    if (!publicToken || !(OAUTH_PROVIDER_TYPES as readonly string[]).includes(provider))
      return report({ ok: false, detail: 'Open this page from the console’s Test sign-in button.' });
    sessionStorage.setItem(KEY, JSON.stringify({ publicToken }));
    const back = oauthTestRedirectUrl(window.location.origin);
    testClient(publicToken)
      .oauth[provider as OAuthProviderType].start({ login_redirect_url: back, signup_redirect_url: back })
      .catch((e: Error) => report({ ok: false, detail: e.message }));
  }, []);
  return (
    <main className="centered">
      <h1>Test sign-in</h1>
      {!outcome && <p role="status">Signing in…</p>}
      {outcome && (
        <p role="status" className={outcome.ok ? 'notice' : 'field-error'}>
          {outcome.detail}
        </p>
      )}
      {outcome && <p className="hint">You can close this window.</p>}
    </main>
  );
}
