import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetConfig, WidgetEvent } from './config.js';
import { SignIn } from './sign-in.js';
import { apiError, createFakeClient, SENT } from './testing/fake-client.js';

afterEach(cleanup);

const config: WidgetConfig = {
  products: ['emailMagicLinks'],
  emailMagicLinksOptions: {
    loginRedirectURL: 'http://localhost:4100/authenticate',
    signupRedirectURL: 'http://localhost:4100/authenticate?signup=1',
    createUserAsPending: true,
  },
};

function setup(options: Parameters<typeof createFakeClient>[0] = {}, widgetConfig: WidgetConfig = config) {
  const client = createFakeClient(options);
  const events: WidgetEvent[] = [];
  const errors: unknown[] = [];
  const callbacks = { onEvent: (e: WidgetEvent) => events.push(e), onError: (e: unknown) => errors.push(e) };
  const user = userEvent.setup();
  const view = render(<SignIn client={client} config={widgetConfig} callbacks={callbacks} />);
  return { client, events, errors, user, view };
}

async function submitEmail(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Continue with email' }));
}

describe('<SignIn> magic-link flow', () => {
  it('sends the magic link with the configured options and shows EmailConfirmation', async () => {
    const { client, events, user } = setup();
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    await submitEmail(user, 'ada@example.com');

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText('An email was sent to ada@example.com')).toBeTruthy();
    expect(client.calls.loginOrCreate).toEqual([
      {
        email: 'ada@example.com',
        options: {
          loginMagicLinkURL: 'http://localhost:4100/authenticate',
          signupMagicLinkURL: 'http://localhost:4100/authenticate?signup=1',
          loginExpirationMinutes: 30,
          signupExpirationMinutes: 30,
          createUserAsPending: true,
        },
      },
    ]);
    expect(events).toEqual([{ type: 'MAGIC_LINK_LOGIN_OR_CREATE', data: SENT }]);
  });

  it('submits with the Enter key and uses configured expirations', async () => {
    const { client, user } = setup(
      {},
      { emailMagicLinksOptions: { loginExpirationMinutes: 10, signupExpirationMinutes: 15 } },
    );
    await user.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(client.calls.loginOrCreate[0]?.options).toEqual({
      loginExpirationMinutes: 10,
      signupExpirationMinutes: 15,
    });
  });

  it('marks the button busy and disabled while the request is in flight', async () => {
    let release: (value: unknown) => void = () => {};
    const { user } = setup({ loginOrCreate: () => new Promise((resolve) => (release = resolve)) });
    await submitEmail(user, 'ada@example.com');
    const button = screen.getByRole('button', { name: 'Continue with email' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    release(SENT);
    await screen.findByRole('heading', { name: 'Check your email' });
  });

  it('rejects an invalid email inline without calling the client', async () => {
    const { client, user } = setup();
    await submitEmail(user, 'ada@example');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Enter a valid email address.');
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(input);
    expect(client.calls.loginOrCreate).toHaveLength(0);
  });

  it("shows the API error's message inline and reports it to onError", async () => {
    const error = apiError('invalid_email', 'The email address is not allowed for this project.');
    const { errors, user } = setup({ loginOrCreate: () => Promise.reject(error) });
    await submitEmail(user, 'ada@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The email address is not allowed for this project.',
    );
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(errors).toEqual([error]);
    expect((screen.getByRole('button', { name: 'Continue with email' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('shows a friendly message for a network error', async () => {
    const error = Object.assign(new Error('Failed to fetch'), { code: 'network_unreachable' });
    const { user } = setup({ loginOrCreate: () => Promise.reject(error) });
    await submitEmail(user, 'ada@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(
      "We couldn't reach the server. Check your connection and try again.",
    );
  });

  it('resends the email, shows the "Email resent" toast and logs email_try_again_clicked', async () => {
    const { client, events, user } = setup();
    await submitEmail(user, 'ada@example.com');
    await screen.findByRole('heading', { name: 'Check your email' });
    await user.click(screen.getByRole('button', { name: 'Resend email' }));

    expect(await screen.findByText('Email resent')).toBeTruthy();
    expect(screen.getByText('Email resent').closest('[role="status"]')).not.toBeNull();
    expect(client.calls.loginOrCreate).toHaveLength(2);
    expect(client.calls.loginOrCreate[1]?.email).toBe('ada@example.com');
    expect(client.telemetryEvents).toContainEqual({
      name: 'email_try_again_clicked',
      details: { email: 'ada@example.com', type: 'login_or_create_eml' },
    });
    expect(events.map((e) => e.type)).toEqual(['MAGIC_LINK_LOGIN_OR_CREATE', 'MAGIC_LINK_LOGIN_OR_CREATE']);
  });

  it('gives focus back to "Resend email" after the browser dropped it from the disabled button', async () => {
    // Browsers move focus to <body> when a focused button becomes disabled; jsdom does not, so
    // the fake does it while the request is in flight.
    const { user } = setup({
      loginOrCreate: async () => {
        (document.activeElement as HTMLElement | null)?.blur();
        return SENT;
      },
    });
    await submitEmail(user, 'ada@example.com');
    await user.click(await screen.findByRole('button', { name: 'Resend email' }));
    await screen.findByText('Email resent');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Resend email' }));
  });

  it('dismisses the toast after it has shown and left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user } = setup();
      await submitEmail(user, 'ada@example.com');
      await user.click(await screen.findByRole('button', { name: 'Resend email' }));
      const toast = await screen.findByText('Email resent');
      await vi.advanceTimersByTimeAsync(4000);
      await waitFor(() => expect(toast.hasAttribute('data-leaving')).toBe(true));
      await vi.advanceTimersByTimeAsync(400);
      await waitFor(() => expect(screen.queryByText('Email resent')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers inbox shortcuts that open safely in a new tab', async () => {
    const { user } = setup();
    await submitEmail(user, 'ada@example.com');
    const list = await screen.findByRole('list', { name: 'Open your inbox' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Open Gmail (opens in a new tab)',
      'Open Outlook (opens in a new tab)',
      'Open Yahoo (opens in a new tab)',
    ]);
    expect(links[0]?.getAttribute('href')).toBe(
      'https://mail.google.com/mail/u/0/#search/from%3A%40latchkey.test+in%3Aanywhere',
    );
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('goes back to Main with the email kept, and moves focus to the new screen', async () => {
    const { user } = setup();
    await submitEmail(user, 'ada@example.com');
    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    expect(document.activeElement).toBe(heading);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const input = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(input.value).toBe('ada@example.com');
    expect(document.activeElement).toBe(input);
  });

  it('does not take focus when it first renders', () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    setup();
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });

  it('logs render_login_screen with the config once on mount', () => {
    const { client } = setup();
    expect(client.telemetryEvents).toEqual([{ name: 'render_login_screen', details: { options: config } }]);
  });
});

describe('<SignIn> options', () => {
  it('uses host string overrides and keeps English for the rest', () => {
    const client = createFakeClient();
    render(
      <SignIn
        client={client}
        config={config}
        strings={{ 'main.title': 'Anmelden', 'main.continueWithEmail': 'Weiter mit E-Mail' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Weiter mit E-Mail' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('lets a host translate an error code', async () => {
    const client = createFakeClient({
      loginOrCreate: () => Promise.reject(apiError('too_many_requests', 'Slow down.', 429)),
    });
    const user = userEvent.setup();
    render(
      <SignIn
        client={client}
        config={config}
        strings={{ 'errors.too_many_requests': 'Zu viele Versuche.' }}
      />,
    );
    await submitEmail(user, 'ada@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe('Zu viele Versuche.');
  });

  it('shows the watermark unless config or bootstrap turns it off', () => {
    const { view } = setup();
    expect(screen.getByRole('link', { name: /Powered by Latchkey/ })).toBeTruthy();
    view.unmount();
    render(<SignIn client={createFakeClient()} config={{ ...config, displayWatermark: false }} />);
    expect(screen.queryByText('Powered by Latchkey')).toBeNull();
    cleanup();
    render(<SignIn client={createFakeClient({ bootstrap: { displayWatermark: false } })} config={config} />);
    expect(screen.queryByText('Powered by Latchkey')).toBeNull();
  });

  it('replaces the form with the floating notice when the client is flagged', () => {
    const client = createFakeClient({ floating: true });
    render(<SignIn client={client} config={config} />);
    expect(screen.getByRole('heading', { name: 'Sign-in unavailable' })).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(client.telemetryEvents).toEqual([]);
  });

  it('adds the One Tap placeholder only when a provider asks for one_tap', () => {
    const { view } = setup();
    expect(view.container.querySelector('[data-lk-one-tap]')).toBeNull();
    cleanup();
    const oneTap = render(
      <SignIn
        client={createFakeClient()}
        config={{
          products: ['emailMagicLinks', 'oauth'],
          oauthOptions: { providers: [{ type: 'google', one_tap: true }] },
        }}
      />,
    );
    expect(oneTap.container.querySelector('#lk-google-one-tap')).not.toBeNull();
  });

  it('shows one error line when magic links and email OTP are combined', () => {
    render(
      <SignIn
        client={createFakeClient()}
        config={{ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/^Error: /);
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('shows the host logo above the form', () => {
    const { container } = render(
      <SignIn
        client={createFakeClient()}
        config={config}
        styles={{ logo: { logoImageUrl: 'https://acme.test/logo.svg' } }}
      />,
    );
    expect(container.querySelector('img[part="logo"]')?.getAttribute('src')).toBe(
      'https://acme.test/logo.svg',
    );
  });

  it('hides the header text visually but keeps it for assistive technology', () => {
    render(<SignIn client={createFakeClient()} config={config} styles={{ hideHeaderText: true }} />);
    expect(screen.getByRole('heading', { name: 'Sign up or log in' }).className).toContain(
      'lk-visually-hidden',
    );
  });
});
