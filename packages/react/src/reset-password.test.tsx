import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WidgetEvent } from './config.js';
import { ResetPassword, resetPasswordInitialState } from './reset-password.js';
import { AUTHENTICATED, apiError, createFakeClient } from './testing/fake-client.js';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

function renderReset(search: string, options: Parameters<typeof createFakeClient>[0] = {}) {
  window.history.replaceState(null, '', `/reset${search}`);
  const client = createFakeClient(options);
  const events: WidgetEvent[] = [];
  render(
    <ResetPassword
      client={client}
      config={{ sessionOptions: { sessionDurationMinutes: 60 } }}
      callbacks={{ onEvent: (event) => events.push(event) }}
    />,
  );
  return { client, events };
}

describe('<ResetPassword>', () => {
  it('authenticates a stytch_token_type=login token from the page URL, then confirms', async () => {
    let release: (value: unknown) => void = () => {};
    const { client, events } = renderReset('?stytch_token_type=login&token=tok-123', {
      authenticate: () => new Promise((resolve) => (release = resolve)),
    });
    expect(screen.getByRole('heading', { name: 'Logging in' })).toBeTruthy();
    expect(document.querySelector('.lk-spinner')).not.toBeNull();
    expect(client.calls.authenticate).toEqual([
      { token: 'tok-123', options: { sessionDurationMinutes: 60 } },
    ]);

    release(AUTHENTICATED);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    expect(events).toEqual([{ type: 'AUTHENTICATE_FLOW_COMPLETE', data: AUTHENTICATED }]);
    expect(client.calls.authenticate).toHaveLength(1);
  });

  it('shows the error inline when the token is refused', async () => {
    renderReset('?stytch_token_type=login&token=used', {
      authenticate: () =>
        Promise.reject(apiError('unable_to_auth_magic_link', 'This login link was already used.')),
    });
    expect((await screen.findByRole('alert')).textContent).toBe('This login link was already used.');
    expect(document.querySelector('.lk-spinner')).toBeNull();
  });

  it('sets the new password with the reset token once the strength check says valid', async () => {
    const user = userEvent.setup();
    const { client, events } = renderReset('?stytch_token_type=reset_password&token=tok-9');
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    const continueButton = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(continueButton.disabled).toBe(true);
    await user.type(screen.getByLabelText('New password'), 'a new and long passphrase');
    await waitFor(() => expect(continueButton.disabled).toBe(false), { timeout: 2000 });
    // Without an email on this form the check sends the password alone.
    expect(client.calls.strengthCheck.at(-1)).toEqual({ password: 'a new and long passphrase' });
    await user.click(continueButton);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.calls.resetByEmail).toEqual([
      { token: 'tok-9', password: 'a new and long passphrase', sessionDurationMinutes: 60 },
    ]);
    expect(events.map((event) => event.type)).toEqual([
      'PASSWORD_RESET_BY_EMAIL',
      'AUTHENTICATE_FLOW_COMPLETE',
    ]);
  });

  it('shows the server message under the field when the reset is refused, and keeps the form', async () => {
    const user = userEvent.setup();
    renderReset('?stytch_token_type=reset_password&token=used', {
      resetByEmail: () =>
        Promise.reject(apiError('invalid_reset_token', 'This reset link has expired.', 401)),
    });
    await user.type(screen.getByLabelText('New password'), 'a new and long passphrase');
    const continueButton = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    await waitFor(() => expect(continueButton.disabled).toBe(false), { timeout: 2000 });
    await user.click(continueButton);
    expect((await screen.findByRole('alert')).textContent).toBe('This reset link has expired.');
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe(
      'a new and long passphrase',
    );
  });

  it("logs in without a password with the same token, reading 'Logging in...' meanwhile", async () => {
    let release: (value: unknown) => void = () => {};
    const user = userEvent.setup();
    const { client } = renderReset('?stytch_token_type=reset_password&token=tok-7', {
      resetByEmailLogin: () => new Promise((resolve) => (release = resolve)),
    });
    await user.click(screen.getByRole('button', { name: 'Login without a password' }));
    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeTruthy();
    // The reset token goes to the reset family's own endpoint, never to magic-link authenticate (issue 16).
    expect(client.calls.resetByEmailLogin).toEqual([{ token: 'tok-7', sessionDurationMinutes: 60 }]);
    expect(client.calls.authenticate).toHaveLength(0);
    release(AUTHENTICATED);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.calls.resetByEmail).toHaveLength(0);
  });

  it('shows the refusal of a login without a password under the button and keeps the form', async () => {
    const user = userEvent.setup();
    renderReset('?stytch_token_type=reset_password&token=used', {
      resetByEmailLogin: () =>
        Promise.reject(apiError('invalid_reset_token', 'This reset link has expired.', 401)),
    });
    await user.click(screen.getByRole('button', { name: 'Login without a password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This reset link has expired.');
    expect(screen.getByRole('button', { name: 'Login without a password' })).toBeTruthy();
    expect(screen.getByLabelText('New password')).toBeTruthy();
  });

  it('explains a reset link without a token and calls nothing', () => {
    const { client } = renderReset('?stytch_token_type=reset_password');
    expect(screen.getByRole('alert').textContent).toContain('This password reset link is incomplete.');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(client.calls.authenticate).toHaveLength(0);
  });
});

describe('<ResetPassword> in StrictMode', () => {
  it('spends the single-use token once even though effects run twice', async () => {
    window.history.replaceState(null, '', '/reset?stytch_token_type=login&token=once');
    const client = createFakeClient();
    render(
      <StrictMode>
        <ResetPassword client={client} config={{}} />
      </StrictMode>,
    );
    await screen.findByRole('heading', { name: 'Success!' });
    expect(client.calls.authenticate).toEqual([{ token: 'once', options: { sessionDurationMinutes: 30 } }]);
  });
});

describe('resetPasswordInitialState', () => {
  it('starts busy only for a login link with a token', () => {
    expect(resetPasswordInitialState('?stytch_token_type=login&token=a')).toMatchObject({
      busy: true,
      screen: { name: 'PasswordResetForm', token: 'a', tokenType: 'login' },
    });
    expect(resetPasswordInitialState('?stytch_token_type=login', 'given').screen).toMatchObject({
      token: 'given',
    });
    expect(resetPasswordInitialState('?stytch_token_type=login').busy).toBe(false);
    expect(resetPasswordInitialState('', 'reset-token')).toMatchObject({
      busy: false,
      screen: { token: 'reset-token', tokenType: null },
    });
  });
});
