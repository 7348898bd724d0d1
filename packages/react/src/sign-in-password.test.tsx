import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { WidgetConfig } from './config.js';
import { AUTHENTICATED, apiError, strength } from './testing/fake-client.js';
import { renderSignIn } from './testing/render-sign-in.js';

afterEach(cleanup);

const CONFIG: WidgetConfig = {
  products: ['emailMagicLinks', 'passwords'],
  passwordOptions: {
    resetPasswordRedirectURL: 'https://app.example/reset',
    resetPasswordExpirationMinutes: 20,
  },
};

async function submitEmail(user: ReturnType<typeof userEvent.setup>, email = 'ada@example.com') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Continue with email' }));
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;

/** A new address and a password long enough to submit, whose create the provider refuses with `code`. */
async function createRefused(code: string, message: string) {
  const rendered = renderSignIn(CONFIG, { passwordCreate: () => Promise.reject(apiError(code, message)) });
  await submitEmail(rendered.user);
  await rendered.user.type(await screen.findByLabelText('Password'), 'long enough password');
  await waitFor(() => expect(continueButton().disabled).toBe(false));
  await rendered.user.click(continueButton());
  return rendered;
}
const segments = () =>
  [...document.querySelectorAll('.lk-meter-segment')].map((s) => s.getAttribute('data-filled'));

describe('<SignIn> with passwords: a new address', () => {
  it('offers a login link, then creates the account once the password is strong enough', async () => {
    const { client, events, user } = renderSignIn(CONFIG, {
      strengthCheck: async ({ password }) =>
        password.length < 12
          ? strength({
              valid_password: false,
              score: 1,
              feedback: { warning: 'This is a very common password.' },
            })
          : strength({ score: 4 }),
    });
    await submitEmail(user);
    expect(client.calls.search).toEqual(['ada@example.com']);
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Email me a login link' })).toBeTruthy();
    expect(screen.getByText('Finish creating your account by setting a password.')).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect([email.value, email.disabled]).toEqual(['ada@example.com', true]);
    expect(continueButton().disabled).toBe(true);

    const password = screen.getByLabelText('Password');
    expect(document.activeElement).toBe(password);
    await user.type(password, 'password1');
    expect(await screen.findByText('This is a very common password.')).toBeTruthy();
    expect(segments()).toEqual(['weak', null, null, null]);
    expect(continueButton().disabled).toBe(true);
    expect(client.calls.strengthCheck.at(-1)).toEqual({ email: 'ada@example.com', password: 'password1' });

    await user.type(password, ' and more words');
    await waitFor(() => expect(segments()).toEqual(['strong', 'strong', 'strong', 'strong']));
    expect(continueButton().disabled).toBe(false);
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.calls.passwordCreate).toEqual([
      { email: 'ada@example.com', password: 'password1 and more words', sessionDurationMinutes: 30 },
    ]);
    expect(events.map((e) => e.type)).toEqual(['PASSWORD_CREATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  });

  it('debounces the check: typing fast sends one check for the final password', async () => {
    const { client, user } = renderSignIn(CONFIG);
    await submitEmail(user);
    await user.type(await screen.findByLabelText('Password'), 'quick typing here');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    expect(client.calls.strengthCheck).toEqual([{ email: 'ada@example.com', password: 'quick typing here' }]);
  });

  it('shows and hides the password with a named toggle', async () => {
    const { user } = renderSignIn(CONFIG);
    await submitEmail(user);
    const password = (await screen.findByLabelText('Password')) as HTMLInputElement;
    expect(password.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });

  it('renders the LUDS checklist with N and M from passwordConfig and the breach warning', async () => {
    const { user } = renderSignIn(CONFIG, {
      bootstrap: { passwordConfig: { ludsMinimumCount: 10, ludsComplexity: 2 } },
      strengthCheck: async () =>
        strength({
          valid_password: false,
          strength_policy: 'luds',
          breached_password: true,
          feedback: { warning: '', luds_requirements: { missing_characters: 3, missing_complexity: 0 } },
        }),
    });
    await submitEmail(user);
    await user.type(await screen.findByLabelText('Password'), 'Abc1234');
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '✕Must be at least 10 characters long (not done yet)',
      '✓Must contain 2 of the following: uppercase letter, lowercase letter, number, symbol (done)',
    ]);
    expect(
      screen.getByText(
        'This password may have been used on a different site that experienced a security issue. Please choose another password.',
      ),
    ).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
  });

  it('shows the server message under the password when create fails', async () => {
    await createRefused('invalid_email', 'This email address cannot receive mail.');
    expect((await screen.findByRole('alert')).textContent).toBe('This email address cannot receive mail.');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends a reset email and shows Dedupe when create answers reset_password', async () => {
    const { client } = await createRefused('reset_password', 'An account with this email already exists.');
    expect(
      await screen.findByRole('heading', { name: 'Check your email to set a new password!' }),
    ).toBeTruthy();
    expect(client.calls.resetStart).toEqual([
      {
        email: 'ada@example.com',
        resetPasswordRedirectURL: 'https://app.example/reset',
        resetPasswordExpirationMinutes: 20,
      },
    ]);
  });

  it('goes back to Main with the email kept', async () => {
    const { user } = renderSignIn(CONFIG);
    await submitEmail(user);
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });
});

describe('<SignIn> with passwords: an address with a password', () => {
  const existing = { search: async () => ({ userType: 'password' as const }) };

  it('logs in, and shows the server message for a wrong password', async () => {
    let attempts = 0;
    const { client, events, user } = renderSignIn(CONFIG, {
      ...existing,
      passwordAuthenticate: async () => {
        attempts += 1;
        if (attempts === 1)
          throw apiError('unauthorized_credentials', 'The email or password is wrong.', 401);
        return AUTHENTICATED;
      },
    });
    await submitEmail(user);
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Email me a login link' })).toBeTruthy();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'wrong one');
    await user.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe('The email or password is wrong.');
    expect(document.activeElement).toBe(password);
    await user.clear(password);
    await user.type(password, 'right one{Enter}');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.calls.passwordAuthenticate.map((c) => c.password)).toEqual(['wrong one', 'right one']);
    expect(client.calls.strengthCheck).toHaveLength(0);
    expect(events.map((e) => e.type)).toEqual(['PASSWORD_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  });

  it('asks for a password instead of sending an empty one', async () => {
    const { client, user } = renderSignIn(CONFIG, existing);
    await submitEmail(user);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a password.');
    expect(client.calls.passwordAuthenticate).toHaveLength(0);
  });

  it("'Forgot Password?' emails a reset link; resend and 'Login without a password' work", async () => {
    const { client, user } = renderSignIn(CONFIG, existing);
    await submitEmail(user);
    await user.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeTruthy();
    expect(
      screen.getByText('A link to reset your password was sent to you at ada@example.com.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Email resent')).toBeTruthy();
    expect(client.calls.resetStart).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Login without a password' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(client.calls.loginOrCreate.map((c) => c.email)).toEqual(['ada@example.com']);
  });

  it('shows Breached when reset_password comes for a breached password, Dedupe otherwise', async () => {
    for (const breached of [true, false]) {
      const { client, user } = renderSignIn(CONFIG, {
        ...existing,
        passwordAuthenticate: () =>
          Promise.reject(apiError('reset_password', 'This password must be changed.')),
        strengthCheck: async () => strength({ breached_password: breached, valid_password: !breached }),
      });
      await submitEmail(user);
      await user.type(await screen.findByLabelText('Password'), 'hunter2{Enter}');
      const title = breached
        ? 'Check your email to set a new password'
        : 'Check your email to set a new password!';
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
      expect(client.calls.resetStart.map((c) => c.email)).toEqual(['ada@example.com']);
      cleanup();
    }
  });
});

describe("<SignIn> with passwords: where the reset email's 'Log in without a password' link goes (issue 17)", () => {
  const forgot = async (config: WidgetConfig) => {
    const { client, user } = renderSignIn(config, { search: async () => ({ userType: 'password' }) });
    await submitEmail(user);
    await user.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
    await screen.findByRole('heading', { name: 'Forgot password?' });
    return client.calls.resetStart;
  };

  it('to passwordOptions.loginRedirectURL when the host sets it', async () => {
    const calls = await forgot({
      ...CONFIG,
      passwordOptions: { ...CONFIG.passwordOptions, loginRedirectURL: 'https://app.example/login' },
      emailMagicLinksOptions: { loginRedirectURL: 'https://app.example/magic' },
    });
    expect(calls.map((c) => c.loginRedirectURL)).toEqual(['https://app.example/login']);
  });

  it("else to the page the widget's magic links return to, never left to the project's default", async () => {
    const calls = await forgot({
      ...CONFIG,
      emailMagicLinksOptions: { loginRedirectURL: 'https://app.example/magic' },
    });
    expect(calls).toEqual([
      {
        email: 'ada@example.com',
        loginRedirectURL: 'https://app.example/magic',
        resetPasswordRedirectURL: 'https://app.example/reset',
        resetPasswordExpirationMinutes: 20,
      },
    ]);
  });
});

describe('<SignIn> with passwords: a passwordless address', () => {
  const passwordless = { search: async () => ({ userType: 'passwordless' as const }) };

  it("sends a magic link at once, then offers 'Create a password instead'", async () => {
    const { client, user } = renderSignIn(CONFIG, passwordless);
    await submitEmail(user);
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(client.calls.loginOrCreate.map((c) => c.email)).toEqual(['ada@example.com']);
    await user.click(screen.getByRole('button', { name: 'Create a password instead' }));
    expect(await screen.findByRole('heading', { name: 'Check your email!' })).toBeTruthy();
    expect(screen.getByText('A login link was sent to you at ada@example.com.')).toBeTruthy();
    expect(client.calls.resetStart.map((c) => c.email)).toEqual(['ada@example.com']);
  });

  it('sends an email code when email OTP is the configured method', async () => {
    const { client, user } = renderSignIn(
      { products: ['otp', 'passwords'], otpOptions: { methods: ['email'] } },
      passwordless,
    );
    await submitEmail(user);
    expect(await screen.findByRole('heading', { name: 'Enter passcode' })).toBeTruthy();
    expect(client.calls.otpSend.map((c) => c.recipient)).toEqual(['ada@example.com']);
    expect(screen.getByRole('button', { name: 'Create a password instead' })).toBeTruthy();
  });

  it('sends the reset email when neither links nor codes are configured', async () => {
    const { client, user } = renderSignIn({ products: ['passwords'] }, passwordless);
    await submitEmail(user);
    expect(await screen.findByRole('heading', { name: 'Check your email!' })).toBeTruthy();
    expect(client.calls.resetStart.map((c) => c.email)).toEqual(['ada@example.com']);
    expect(client.calls.loginOrCreate).toHaveLength(0);
  });

  it('lets the user retry or set a password when the automatic send fails', async () => {
    let sends = 0;
    const { user } = renderSignIn(CONFIG, {
      ...passwordless,
      loginOrCreate: async () => {
        sends += 1;
        if (sends === 1)
          throw apiError('too_many_requests', 'Too many emails were sent. Try again in a minute.', 429);
        return {};
      },
    });
    await submitEmail(user);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many emails were sent. Try again in a minute.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
  });
});
