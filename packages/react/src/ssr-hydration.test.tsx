// @vitest-environment node
// Server rendering, then hydration in a browser that has (or has not) a stored session: every hook
// and component must render on the server without the browser, hydrate without a mismatch, and
// show the browser's state right after. The server half runs here in Node with no DOM at all;
// the browser half installs jsdom (vitest's own environment) only once every page is rendered.
import { createLatchkeyClient, type LatchkeyClient } from '@latchkey/client';
import { act, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { builtinEnvironments } from 'vitest/runtime';
import { hasVerifiedEmail } from './gates/has-verified-email.js';
import { Protect } from './gates/protect.js';
import { SignedIn } from './gates/signed-in.js';
import { SignedOut } from './gates/signed-out.js';
import { useSession } from './hooks/use-session.js';
import { useUser } from './hooks/use-user.js';
import { LatchkeyProvider } from './latchkey-provider.js';
import { PasskeyRegistration } from './passkey-registration.js';
import { ResetPassword } from './reset-password.js';
import { SignIn } from './sign-in.js';
import { wireSession, wireUser } from './testing/fake-client.js';

const PUBLIC_TOKEN = 'public-token-test-ssr-hydration';
const SESSION = wireSession({
  session_id: 'session-ssr',
  user_id: 'user-ssr',
  expires_at: '2099-01-01T00:00:00Z',
});
const USER = wireUser({ user_id: 'user-ssr', emails: [{ email: 'ada@example.com', verified: true }] });

function SessionProbe(): ReactElement {
  const { isLoaded, isSignedIn, session } = useSession();
  return (
    <p data-probe="">
      {isLoaded ? (isSignedIn ? `signed in as ${session.user_id}` : 'signed out') : 'loading'}
    </p>
  );
}

function UserProbe(): ReactElement {
  const { isLoaded, user } = useUser();
  return (
    <p data-probe="">
      {isLoaded ? (user ? `signed in as ${user.emails[0]?.email}` : 'signed out') : 'loading'}
    </p>
  );
}

/** Each hook and component, and what the page shows once hydrated with and without a stored session. */
const CASES: ReadonlyArray<{ name: string; tree: () => ReactElement; signedIn: RegExp; signedOut: RegExp }> =
  [
    {
      name: 'useSession',
      tree: () => <SessionProbe />,
      signedIn: /signed in as user-ssr/,
      signedOut: /signed out/,
    },
    {
      name: 'useUser',
      tree: () => <UserProbe />,
      signedIn: /signed in as ada@example.com/,
      signedOut: /signed out/,
    },
    {
      name: '<SignedIn>/<SignedOut>',
      tree: () => (
        <>
          <SignedIn>
            <p>welcome back</p>
          </SignedIn>
          <SignedOut>
            <p>please sign in</p>
          </SignedOut>
        </>
      ),
      signedIn: /^welcome back$/,
      signedOut: /^please sign in$/,
    },
    {
      name: '<Protect>',
      tree: () => (
        <Protect condition={({ user }) => hasVerifiedEmail(user)} fallback={<p>members only</p>}>
          <p>the members' page</p>
        </Protect>
      ),
      signedIn: /^the members' page$/,
      signedOut: /^members only$/,
    },
    {
      name: '<SignIn>',
      tree: () => <SignIn config={{ products: ['emailMagicLinks'] }} />,
      signedIn: /Sign up or log in/,
      signedOut: /Sign up or log in/,
    },
    {
      name: '<ResetPassword>',
      tree: () => <ResetPassword config={{ products: ['passwords'] }} search="" />,
      signedIn: /Reset your password/,
      signedOut: /Reset your password/,
    },
    {
      name: '<PasskeyRegistration>',
      tree: () => <PasskeyRegistration config={{ products: ['passkeys'] }} />,
      signedIn: /Set up a new Passkey/,
      signedOut: /without active user/,
    },
  ];

// The provider is never reached: calls wait forever (the widget and the refresh only start them).
const neverAnswers = () => new Promise<Response>(() => {});

function serverClient(): LatchkeyClient {
  return createLatchkeyClient({
    publicToken: PUBLIC_TOKEN,
    baseUrl: 'http://localhost:4000',
    fetch: neverAnswers,
  });
}

const page = (client: LatchkeyClient, tree: ReactElement) => (
  <LatchkeyProvider client={client}>
    <main>{tree}</main>
  </LatchkeyProvider>
);

// Server half: every page rendered before any DOM exists.
const serverHtml = new Map<string, string>();
for (const { name, tree } of CASES) {
  const client = serverClient();
  try {
    serverHtml.set(name, renderToString(page(client, tree())));
  } finally {
    client.destroy();
  }
}

let teardown: (() => unknown) | undefined;
beforeAll(async () => {
  expect(typeof document).toBe('undefined');
  const environment = await builtinEnvironments.jsdom.setup(globalThis, {
    jsdom: { url: 'http://localhost:4100/', html: '<!doctype html><html><head></head><body></body></html>' },
  });
  teardown = () => environment.teardown(globalThis);
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(async () => {
  await teardown?.();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Stores what a returning, signed-in browser holds: the state in localStorage with the session
 * cookie, and the project's cached bootstrap (this project shows the watermark, off by default).
 */
function storeSession(): void {
  localStorage.setItem(`stytch_sdk_state_${PUBLIC_TOKEN}`, JSON.stringify({ session: SESSION, user: USER }));
  localStorage.setItem(
    `stytch_sdk_state_${PUBLIC_TOKEN}::bootstrap`,
    JSON.stringify({ displayWatermark: true }),
  );
  // biome-ignore lint/suspicious/noDocumentCookie: the client reads the session cookie the page has.
  document.cookie = 'stytch_session=opaque-session-token; path=/';
}

function clearBrowser(): void {
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: expiring the cookie storeSession set.
  document.cookie = 'stytch_session=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  document.body.innerHTML = '';
}

describe.each([
  { stored: true, label: 'with a stored session' },
  { stored: false, label: 'without a stored session' },
])('server rendering and hydration $label', ({ stored }) => {
  it.each(CASES)('$name hydrates without a mismatch, then shows the browser state', async (testCase) => {
    const html = serverHtml.get(testCase.name) ?? '';
    // The server knows nothing of the browser: nothing signed-in or signed-out is decided there.
    expect(html).not.toMatch(/signed in as|signed out|welcome back|please sign in|members/);

    clearBrowser();
    if (stored) storeSession();
    const { hydrateRoot } = await import('react-dom/client');
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const client = createLatchkeyClient({
      publicToken: PUBLIC_TOKEN,
      baseUrl: 'http://localhost:4000',
      fetch: neverAnswers,
    });
    const root = await act(async () =>
      hydrateRoot(container, page(client, testCase.tree()), {
        onRecoverableError: recoverable,
        onCaughtError: recoverable,
        onUncaughtError: recoverable,
      }),
    );
    try {
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      const text = [...container.querySelectorAll('p, h1, h2, [role="alert"]')].map(
        (node) => node.textContent,
      );
      expect(text.some((line) => (stored ? testCase.signedIn : testCase.signedOut).test(line ?? ''))).toBe(
        true,
      );
    } finally {
      act(() => root.unmount());
      client.destroy();
    }
  });
});
