import type { LatchkeyClient } from '@latchkey/client';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { hasVerifiedEmail } from '../gates/has-verified-email.js';
import { Protect } from '../gates/protect.js';
import { SignedIn } from '../gates/signed-in.js';
import { SignedOut } from '../gates/signed-out.js';
import { LatchkeyProvider } from '../latchkey-provider.js';
import { SignIn } from '../sign-in.js';
import { createFakeClient } from '../testing/fake-client.js';
import { useLatchkey } from './use-latchkey.js';
import { useSession } from './use-session.js';
import { useUser } from './use-user.js';

afterEach(cleanup);

// The fake implements the widget's subset; the hooks only touch that subset.
const asClient = (fake: ReturnType<typeof createFakeClient>) => fake as unknown as LatchkeyClient;

function Status(): ReactElement {
  const { session } = useSession();
  const { user } = useUser();
  return (
    <p>
      {session ? `session ${session.session_id}` : 'no session'} / {user ? `user ${user.user_id}` : 'no user'}
    </p>
  );
}

function Probe({ onClient }: { onClient: (client: LatchkeyClient) => void }): null {
  onClient(useLatchkey());
  return null;
}

describe('hooks', () => {
  it('useSession and useUser re-render on onChange', () => {
    const fake = createFakeClient();
    render(
      <LatchkeyProvider client={asClient(fake)}>
        <Status />
      </LatchkeyProvider>,
    );
    expect(screen.getByText('no session / no user')).toBeTruthy();
    act(() => {
      fake.setSession({ session_id: 'session-1', user_id: 'user-1', expires_at: '2030-01-01T00:00:00Z' });
      fake.setUser({ user_id: 'user-1', emails: [] });
    });
    expect(screen.getByText('session session-1 / user user-1')).toBeTruthy();
    act(() => fake.setSession(null));
    expect(screen.getByText('no session / user user-1')).toBeTruthy();
  });

  it('a client-only root knows the state at its first render: isLoaded from the start, no loading pass', () => {
    const fake = createFakeClient();
    fake.setSession({ session_id: 'session-1', user_id: 'user-1', expires_at: '2030-01-01T00:00:00Z' });
    const seen: boolean[] = [];
    function Loaded(): null {
      seen.push(useSession().isLoaded);
      return null;
    }
    render(
      <LatchkeyProvider client={asClient(fake)}>
        <Loaded />
      </LatchkeyProvider>,
    );
    expect(seen).not.toContain(false);
  });

  it('<SignedIn>, <SignedOut> and <Protect> follow the session and the condition', () => {
    const fake = createFakeClient();
    render(
      <LatchkeyProvider client={asClient(fake)}>
        <SignedIn>
          <p>in</p>
        </SignedIn>
        <SignedOut>
          <p>out</p>
        </SignedOut>
        <Protect condition={({ user }) => hasVerifiedEmail(user)} fallback={<p>verify first</p>}>
          <p>protected</p>
        </Protect>
      </LatchkeyProvider>,
    );
    const shown = () => screen.queryAllByRole('paragraph').map((p) => p.textContent);
    expect(shown()).toEqual(['out', 'verify first']);
    act(() => {
      fake.setSession({ session_id: 'session-1', user_id: 'user-1', expires_at: '2030-01-01T00:00:00Z' });
      fake.setUser({ user_id: 'user-1', emails: [{ email: 'a@example.com', verified: false }] });
    });
    expect(shown()).toEqual(['in', 'verify first']);
    act(() => fake.setUser({ user_id: 'user-1', emails: [{ email: 'a@example.com', verified: true }] }));
    expect(shown()).toEqual(['in', 'protected']);
  });

  it('useLatchkey returns the provider client and throws without a provider', () => {
    const fake = asClient(createFakeClient());
    const seen: LatchkeyClient[] = [];
    render(
      <LatchkeyProvider client={fake}>
        <Probe onClient={(client) => seen.push(client)} />
      </LatchkeyProvider>,
    );
    expect(seen[0]).toBe(fake);
    const original = console.error;
    console.error = () => {};
    try {
      expect(() => render(<Probe onClient={() => {}} />)).toThrow(/LatchkeyProvider/);
    } finally {
      console.error = original;
    }
  });

  it('<SignIn> takes its client from the provider', () => {
    const fake = createFakeClient();
    render(
      <LatchkeyProvider client={asClient(fake)}>
        <SignIn config={{}} />
      </LatchkeyProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(fake.telemetryEvents.map((e) => e.name)).toEqual(['render_login_screen']);
  });
});
