import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WidgetClock } from './clock.js';
import type { WidgetConfig, WidgetEvent } from './config.js';
import { LINK_EMAIL_MEMORY_MS, rememberLinkEmail } from './internal/link-email-memory.js';
import { ResetPassword, resetPasswordInitialState } from './reset-password.js';
import { AUTHENTICATED, apiError, createFakeClient, RESET_LINK_LIVE } from './testing/fake-client.js';
import { renderSignIn } from './testing/render-sign-in.js';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const fixedClock = (now = NOW): WidgetClock => ({ now: () => now, every: () => () => {} });

function renderReset(
  search: string,
  options: Parameters<typeof createFakeClient>[0] = {},
  config: WidgetConfig = { sessionOptions: { sessionDurationMinutes: 60 } },
  clock: WidgetClock = fixedClock(),
) {
  window.history.replaceState(null, '', `/reset${search}`);
  const client = createFakeClient(options);
  const events: WidgetEvent[] = [];
  const errors: unknown[] = [];
  render(
    <ResetPassword
      client={client}
      config={config}
      clock={clock}
      callbacks={{ onEvent: (event) => events.push(event), onError: (error) => errors.push(error) }}
    />,
  );
  return { client, events, errors, user: userEvent.setup() };
}

const USED_LOGIN_LINK = () =>
  Promise.reject(apiError('unable_to_auth_magic_link', 'The magic link could not be used.', 401));
const DEAD_RESET_LINK = () =>
  Promise.reject(
    apiError('invalid_reset_token', 'The password reset link is unknown, used or expired.', 401),
  );
const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;

describe('<ResetPassword> with a login link', () => {
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
    expect(client.calls.resetByEmailCheck).toHaveLength(0);
  });

  it('says a used or expired link is dead, focuses that news, and offers a new link and the way back', async () => {
    const { errors } = renderReset('?stytch_token_type=login&token=used', { authenticate: USED_LOGIN_LINK });
    const heading = await screen.findByRole('heading', { name: 'This login link no longer works' });
    expect(document.activeElement).toBe(heading);
    expect(
      screen.getByText('It was already used or has expired: each link works only once, for a limited time.'),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Logging in' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to sign in' })).toBeTruthy();
    // Nothing remembered in this browser: the person types the address.
    expect(screen.getByText('Enter your email address and we will send you a new link.')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(errors).toHaveLength(1);
  });

  it('sends a new link to the address this browser last sent one to, never one read from the link', async () => {
    // A magic link sent from this browser's sign-in widget earlier…
    const signIn = renderSignIn({});
    await signIn.user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await signIn.user.click(screen.getByRole('button', { name: 'Continue with email' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    cleanup();

    // …comes back used.
    const { client, user } = renderReset(
      '?stytch_token_type=login&token=used',
      { authenticate: USED_LOGIN_LINK },
      { emailMagicLinksOptions: { loginRedirectURL: 'https://app.example/authenticate' } },
      { now: () => Date.now(), every: () => () => {} },
    );
    await screen.findByRole('heading', { name: 'This login link no longer works' });
    expect(screen.getByText('We can send a new link to ada@example.com.')).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText('An email was sent to ada@example.com')).toBeTruthy();
    expect(client.calls.loginOrCreate).toEqual([
      {
        email: 'ada@example.com',
        options: expect.objectContaining({ loginMagicLinkURL: 'https://app.example/authenticate' }),
      },
    ]);
  });

  it('forgets the address after a day, and checks a typed one before sending', async () => {
    rememberLinkEmail('old@example.com', NOW - LINK_EMAIL_MEMORY_MS - 1);
    const { client, user } = renderReset('?stytch_token_type=login&token=used', {
      authenticate: USED_LOGIN_LINK,
    });
    await screen.findByRole('heading', { name: 'This login link no longer works' });
    const field = screen.getByLabelText('Email') as HTMLInputElement;
    await user.type(field, 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect(client.calls.loginOrCreate).toHaveLength(0);
    await user.type(field, '.com{Enter}');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(client.calls.loginOrCreate.map((call) => call.email)).toEqual(['ada@example.com']);
  });

  it('without magic links, a new login link comes in a reset email', async () => {
    rememberLinkEmail('ada@example.com', NOW - 60_000);
    const { client, user } = renderReset(
      '?stytch_token_type=login&token=used',
      { authenticate: USED_LOGIN_LINK },
      { products: ['passwords'], passwordOptions: { loginRedirectURL: 'https://app.example/in' } },
    );
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email!' })).toBeTruthy();
    expect(screen.getByText('A login link was sent to you at ada@example.com.')).toBeTruthy();
    expect(client.calls.resetStart).toEqual([
      { email: 'ada@example.com', loginRedirectURL: 'https://app.example/in' },
    ]);
    expect(client.calls.loginOrCreate).toHaveLength(0);
  });

  it("'Back to sign in' opens the sign-in form with the known address", async () => {
    rememberLinkEmail('ada@example.com', NOW - 60_000);
    const { user } = renderReset('?stytch_token_type=login&token=used', { authenticate: USED_LOGIN_LINK });
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('another failure keeps its message on "Logging in", with the way back', async () => {
    const { user } = renderReset('?stytch_token_type=login&token=tok', {
      authenticate: () =>
        Promise.reject(apiError('pkce_mismatch', 'Open the link in the browser you asked from.')),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Open the link in the browser you asked from.',
    );
    expect(screen.getByRole('heading', { name: 'Logging in' })).toBeTruthy();
    expect(document.querySelector('.lk-spinner')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });

  it('a login link without a token says so and offers the way back', () => {
    const { client } = renderReset('?stytch_token_type=login');
    expect(screen.getByRole('alert').textContent).toContain('This login link is incomplete.');
    expect(screen.getByRole('button', { name: 'Back to sign in' })).toBeTruthy();
    expect(client.calls.authenticate).toHaveLength(0);
  });
});

describe('<ResetPassword> with a reset link', () => {
  it('checks the link first, then shows the form for the address it names', async () => {
    let answer: (value: typeof RESET_LINK_LIVE) => void = () => {};
    const { client } = renderReset('?stytch_token_type=reset_password&token=tok-9', {
      resetByEmailCheck: () => new Promise((resolve) => (answer = resolve)),
    });
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(screen.getByText('Checking your link…').getAttribute('role')).toBe('status');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(client.calls.resetByEmailCheck).toEqual([{ token: 'tok-9' }]);

    answer(RESET_LINK_LIVE);
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect([email.value, email.disabled]).toEqual(['reset-owner@example.com', true]);
    expect(screen.getByLabelText('New password')).toBeTruthy();
    // The check consumes nothing: no reset call was made.
    expect(client.calls.resetByEmail).toHaveLength(0);
    expect(client.calls.resetByEmailLogin).toHaveLength(0);
  });

  it('sets the new password with the reset token once the strength check says valid', async () => {
    const { client, events, user } = renderReset('?stytch_token_type=reset_password&token=tok-9');
    await user.type(await screen.findByLabelText('New password'), 'a new and long passphrase');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    // The address the check named goes with the strength check (a password built from it is weak).
    expect(client.calls.strengthCheck.at(-1)).toEqual({
      email: 'reset-owner@example.com',
      password: 'a new and long passphrase',
    });
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.calls.resetByEmail).toEqual([
      { token: 'tok-9', password: 'a new and long passphrase', sessionDurationMinutes: 60 },
    ]);
    expect(events.map((event) => event.type)).toEqual([
      'PASSWORD_RESET_BY_EMAIL',
      'AUTHENTICATE_FLOW_COMPLETE',
    ]);
  });

  it('says at once that a used or expired reset link is dead, with a new link and the way back', async () => {
    const { client, user } = renderReset('?stytch_token_type=reset_password&token=used', {
      resetByEmailCheck: DEAD_RESET_LINK,
    });
    const heading = await screen.findByRole('heading', { name: 'This reset link no longer works' });
    expect(document.activeElement).toBe(heading);
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to sign in' })).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeTruthy();
    expect(
      screen.getByText('A link to reset your password was sent to you at ada@example.com.'),
    ).toBeTruthy();
    expect(client.calls.resetStart.map((call) => call.email)).toEqual(['ada@example.com']);
    expect(client.calls.resetByEmail).toHaveLength(0);
  });

  it('shows the form without an address when the check cannot answer', async () => {
    renderReset('?stytch_token_type=reset_password&token=tok', {
      resetByEmailCheck: () => Promise.reject(apiError('too_many_requests', 'Too many checks.', 429)),
    });
    expect(await screen.findByLabelText('New password')).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a link that dies while the form is open moves to the dead-link screen with its address', async () => {
    const { user } = renderReset('?stytch_token_type=reset_password&token=tok', {
      resetByEmail: DEAD_RESET_LINK,
    });
    await user.type(await screen.findByLabelText('New password'), 'a new and long passphrase');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'This reset link no longer works' })).toBeTruthy();
    expect(screen.getByText('We can send a new link to reset-owner@example.com.')).toBeTruthy();
  });

  it('shows any other refusal under the field, and keeps the form', async () => {
    const { user } = renderReset('?stytch_token_type=reset_password&token=tok', {
      resetByEmail: () => Promise.reject(apiError('weak_password', 'Choose a stronger password.', 400)),
    });
    await user.type(await screen.findByLabelText('New password'), 'a new and long passphrase');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await user.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a stronger password.');
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe(
      'a new and long passphrase',
    );
  });

  it("logs in without a password with the same token, reading 'Logging in...' meanwhile", async () => {
    let release: (value: unknown) => void = () => {};
    const { client, user } = renderReset('?stytch_token_type=reset_password&token=tok-7', {
      resetByEmailLogin: () => new Promise((resolve) => (release = resolve)),
    });
    await user.click(await screen.findByRole('button', { name: 'Login without a password' }));
    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeTruthy();
    // The reset token goes to the reset family's own endpoint, never to magic-link authenticate (issue 16).
    expect(client.calls.resetByEmailLogin).toEqual([{ token: 'tok-7', sessionDurationMinutes: 60 }]);
    expect(client.calls.authenticate).toHaveLength(0);
    release(AUTHENTICATED);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.calls.resetByEmail).toHaveLength(0);
  });

  it('a dead token on "Login without a password" moves to the dead-link screen too', async () => {
    const { user } = renderReset('?stytch_token_type=reset_password&token=used', {
      resetByEmailLogin: DEAD_RESET_LINK,
    });
    await user.click(await screen.findByRole('button', { name: 'Login without a password' }));
    expect(await screen.findByRole('heading', { name: 'This reset link no longer works' })).toBeTruthy();
  });

  it('shows another refusal of a login without a password under the button and keeps the form', async () => {
    const { user } = renderReset('?stytch_token_type=reset_password&token=tok', {
      resetByEmailLogin: () =>
        Promise.reject(apiError('pkce_mismatch', 'Open the link in the same browser.', 400)),
    });
    await user.click(await screen.findByRole('button', { name: 'Login without a password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Open the link in the same browser.');
    expect(screen.getByRole('button', { name: 'Login without a password' })).toBeTruthy();
    expect(screen.getByLabelText('New password')).toBeTruthy();
  });

  it('explains a reset link without a token, calls nothing, and offers the way back', () => {
    const { client } = renderReset('?stytch_token_type=reset_password');
    expect(screen.getByRole('alert').textContent).toContain('This password reset link is incomplete.');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to sign in' })).toBeTruthy();
    expect(client.calls.authenticate).toHaveLength(0);
    expect(client.calls.resetByEmailCheck).toHaveLength(0);
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
  it('starts busy for a login link with a token, and for a reset token (its check)', () => {
    expect(resetPasswordInitialState('?stytch_token_type=login&token=a')).toMatchObject({
      busy: true,
      screen: { name: 'PasswordResetForm', token: 'a', tokenType: 'login' },
    });
    expect(resetPasswordInitialState('?stytch_token_type=login', 'given').screen).toMatchObject({
      token: 'given',
    });
    expect(resetPasswordInitialState('?stytch_token_type=login').busy).toBe(false);
    expect(resetPasswordInitialState('', 'reset-token')).toMatchObject({
      busy: true,
      screen: { token: 'reset-token', tokenType: null, checking: true },
    });
    expect(resetPasswordInitialState('?stytch_token_type=reset_password')).toMatchObject({
      busy: false,
      screen: { token: null },
    });
  });
});
