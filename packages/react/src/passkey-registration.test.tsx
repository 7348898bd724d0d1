import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasskeyRegistration } from './passkey-registration.js';
import { createFakeClient } from './testing/fake-client.js';

afterEach(cleanup);

const USER = { user_id: 'user-test-1', emails: [{ email: 'ada@example.com' }] };

describe('<PasskeyRegistration>', () => {
  it('shows exactly the spec error without a signed-in user', () => {
    render(<PasskeyRegistration client={createFakeClient()} config={{ products: ['passkeys'] }} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Error: Cannot use PasskeyRegistration component without active user authenticated.',
    );
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('shows the passkey start screen for a signed-in user', () => {
    render(
      <PasskeyRegistration client={createFakeClient({ user: USER })} config={{ products: ['passkeys'] }} />,
    );
    expect(screen.getByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('follows user.onChange: signing in elsewhere replaces the error', () => {
    const client = createFakeClient();
    render(<PasskeyRegistration client={client} config={{ products: ['passkeys'] }} />);
    act(() => client.setUser(USER));
    expect(screen.getByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
  });
});
