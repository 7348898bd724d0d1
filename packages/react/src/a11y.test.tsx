import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasskeyRegistration } from './passkey-registration.js';
import { ResetPassword } from './reset-password.js';
import { SignIn } from './sign-in.js';
import { afterPassword } from './testing/after-password.js';
import {
  apiError,
  createFakeClient,
  MFA_PHONE,
  passkey,
  strength,
  webauthnError,
} from './testing/fake-client.js';
import { fakeWallets, METAMASK, PHANTOM, resetFakeWallets, walletRefused } from './testing/fake-wallets.js';

// The browser-wallet layer, faked: the crypto screens list these wallets and their pop-ups wait.
vi.mock('./crypto/crypto-wallets.js', async () =>
  (await import('./testing/fake-wallets.js')).fakeWalletModule(),
);

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

// jsdom has no layout or canvas, so colour contrast is left to the Chromium end-to-end checks.
const OPTIONS: axe.RunOptions = { rules: { 'color-contrast': { enabled: false } } };

async function violations(container: Element): Promise<string[]> {
  const results = await axe.run(container, OPTIONS);
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Waits for the heading `name`, then finds no violations in `container`. */
async function expectNoViolationsAt(container: Element, name: string): Promise<void> {
  await screen.findByRole('heading', { name });
  expect(await violations(container)).toEqual([]);
}

describe('accessibility (axe-core)', () => {
  it('the harness does report a violation (an unlabelled input)', async () => {
    const { container } = render(<input type="email" />);
    expect((await violations(container)).join()).toContain('label');
  });

  it('Main has no violations, also with a field error shown', async () => {
    const client = createFakeClient();
    const { container } = render(<SignIn client={client} config={{}} />);
    expect(await violations(container)).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(await violations(container)).toEqual([]);
  });

  it('EmailConfirmation has no violations, also with the toast and an error', async () => {
    let fail = false;
    const client = createFakeClient({
      loginOrCreate: () => (fail ? Promise.reject(apiError('x', 'Try later.')) : Promise.resolve({})),
    });
    const user = userEvent.setup();
    const { container } = render(<SignIn client={client} config={{}} />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
    await expectNoViolationsAt(container, 'Check your email');
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    await screen.findByText('Email resent');
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    await screen.findByRole('alert');
    expect(await violations(container)).toEqual([]);
  });

  it('the phone tab has no violations, before and after the countries load and with an error', async () => {
    const config = {
      products: ['otp' as const],
      otpOptions: { methods: ['sms' as const, 'email' as const] },
    };
    const { container } = render(<SignIn client={createFakeClient()} config={config} />);
    expect(await violations(container)).toEqual([]);
    await screen.findByRole('option', { name: 'United Kingdom (+44)' });
    expect(await violations(container)).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with text message' }));
    await screen.findByText('Enter a valid phone number.');
    expect(await violations(container)).toEqual([]);
    // Three axe runs over 245 countries: about 5 s on a busy 2-core machine, more under load
    // (the project's test time-out is a hang detector, vitest.config.ts).
  });

  it('OTPAuthenticate has no violations: idle, wrong code, verifying, error toast', async () => {
    let release: (value: unknown) => void = () => {};
    let attempt = 0;
    const client = createFakeClient({
      otpAuthenticate: () =>
        ++attempt === 1
          ? Promise.reject(apiError('unable_to_auth_otp_code', 'Wrong code.', 401))
          : new Promise((resolve) => (release = resolve)),
      otpSend: (_channel, _recipient, n) =>
        n === 1
          ? Promise.resolve({ method_id: 'email-test-1' })
          : Promise.reject(apiError('too_many_requests', 'Slow down.', 429)),
    });
    const user = userEvent.setup();
    const { container } = render(
      <SignIn client={client} config={{ products: ['otp'], otpOptions: { methods: ['email'] } }} />,
    );
    await user.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
    await expectNoViolationsAt(container, 'Enter passcode');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    await screen.findByText('Slow down.');
    expect(await violations(container)).toEqual([]);
    const input = screen.getByLabelText('One-time passcode');
    await user.type(input, '111111');
    await screen.findByText('Invalid passcode, please try again.');
    expect(await violations(container)).toEqual([]);
    await user.type(input, '222222');
    await screen.findByRole('progressbar');
    expect(await violations(container)).toEqual([]);
    release({});
  });

  it('the Confirmation screen has no violations', async () => {
    window.history.replaceState(null, '', '/?stytch_token_type=login&token=t');
    const { container } = render(<ResetPassword client={createFakeClient()} config={{}} />);
    await expectNoViolationsAt(container, 'Success!');
  });

  it('the password screens have no violations: create with meter, LUDS list, login error, forgot', async () => {
    const user = userEvent.setup();
    const config = { products: ['emailMagicLinks' as const, 'passwords' as const] };
    const weak = strength({ valid_password: false, score: 1, feedback: { warning: 'Too common.' } });
    const { container } = render(
      <SignIn client={createFakeClient({ strengthCheck: async () => weak })} config={config} />,
    );
    await user.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
    await user.type(await screen.findByLabelText('Password'), 'password');
    await screen.findByText('Too common.');
    expect(await violations(container)).toEqual([]);
    cleanup();

    const luds = strength({
      valid_password: false,
      strength_policy: 'luds',
      breached_password: true,
      feedback: { warning: '', luds_requirements: { missing_characters: 2, missing_complexity: 1 } },
    });
    const second = render(
      <SignIn client={createFakeClient({ strengthCheck: async () => luds })} config={config} />,
    );
    await user.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
    await user.type(await screen.findByLabelText('Password'), 'abc');
    await screen.findByRole('list');
    expect(await violations(second.container)).toEqual([]);
    cleanup();

    const client = createFakeClient({
      search: async () => ({ userType: 'password' }),
      passwordAuthenticate: () =>
        Promise.reject(apiError('unauthorized_credentials', 'Wrong password.', 401)),
    });
    const third = render(<SignIn client={client} config={config} />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
    await user.type(await screen.findByLabelText('Password'), 'nope{Enter}');
    await screen.findByText('Wrong password.');
    expect(await violations(third.container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    await expectNoViolationsAt(third.container, 'Forgot password?');
  });

  it('the reset form has no violations, while its link is checked and after', async () => {
    window.history.replaceState(null, '', '/?stytch_token_type=reset_password&token=t');
    let answer: (value: { email: string }) => void = () => {};
    const client = createFakeClient({
      resetByEmailCheck: () => new Promise((resolve) => (answer = resolve)),
    });
    const { container } = render(<ResetPassword client={client} config={{}} />);
    await screen.findByText('Checking your link…');
    expect(await violations(container)).toEqual([]);
    answer({ email: 'ada@example.com' });
    await screen.findByLabelText('New password');
    expect(await violations(container)).toEqual([]);
  });

  it('the dead-link screen has no violations, with an address to type and with a known one', async () => {
    const user = userEvent.setup();
    // Earlier tests sent links from this browser: forget their address, so the field shows.
    localStorage.clear();
    window.history.replaceState(null, '', '/?stytch_token_type=reset_password&token=t');
    const dead = () => Promise.reject(apiError('invalid_reset_token', 'Dead.', 401));
    const { container } = render(
      <ResetPassword client={createFakeClient({ resetByEmailCheck: dead })} config={{}} />,
    );
    await expectNoViolationsAt(container, 'This reset link no longer works');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    await screen.findByText('Enter a valid email address.');
    expect(await violations(container)).toEqual([]);
    cleanup();

    const user2 = userEvent.setup();
    window.history.replaceState(null, '', '/?stytch_token_type=reset_password&token=t');
    const client = createFakeClient({
      resetByEmail: dead,
      resetStart: () => Promise.reject(apiError('too_many_requests', 'Slow down.', 429)),
    });
    const second = render(<ResetPassword client={client} config={{}} />);
    await user2.type(await screen.findByLabelText('New password'), 'a new and long passphrase');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await user2.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText(/We can send a new link to/);
    expect(await violations(second.container)).toEqual([]);
    await user2.click(screen.getByRole('button', { name: 'Send a new link' }));
    await screen.findByText('Slow down.');
    expect(await violations(second.container)).toEqual([]);
  });

  it('Main with passkeys has no violations, also with a passkey error', async () => {
    const client = createFakeClient({
      supportsAutofill: true,
      webauthnAuthenticate: (options) =>
        options.conditionalMediation
          ? new Promise(() => {})
          : Promise.reject(webauthnError('webauthn_not_allowed')),
    });
    const { container } = render(
      <SignIn client={client} config={{ products: ['emailMagicLinks', 'passkeys'] }} />,
    );
    expect(await violations(container)).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in with a Passkey' }));
    await screen.findByRole('alert');
    expect(await violations(container)).toEqual([]);
  });

  it('Main with OAuth buttons has no violations: idle, leaving, and with a start error', async () => {
    let attempt = 0;
    const client = createFakeClient({
      oauthStart: () =>
        ++attempt === 1
          ? Promise.resolve()
          : Promise.reject(Object.assign(new Error('bad'), { code: 'invalid_argument' })),
    });
    const config = {
      products: ['oauth' as const, 'emailMagicLinks' as const, 'passkeys' as const],
      oauthOptions: {
        providers: [
          { type: 'google' },
          { type: 'microsoft' },
          { type: 'apple' },
          { type: 'github' },
          { type: 'slack' },
        ],
      },
    };
    const user = userEvent.setup();
    const { container, unmount } = render(<SignIn client={client} config={config} />);
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(screen.getByRole('button', { name: 'Continue with Google' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    expect(await violations(container)).toEqual([]);
    unmount();
    const again = render(<SignIn client={client} config={config} />);
    await user.click(screen.getByRole('button', { name: 'Continue with GitHub' }));
    await screen.findByRole('alert');
    expect(await violations(again.container)).toEqual([]);
  });

  it('the crypto screens have no violations: Main, other wallet, setup, connect, sign, error, success', async () => {
    const user = userEvent.setup();
    resetFakeWallets([METAMASK, PHANTOM]);
    let sign = (_value: string) => {};
    fakeWallets.sign = () => new Promise((resolve) => (sign = resolve));
    let refuse = () => {};
    fakeWallets.connect = (walletId) =>
      walletId === PHANTOM.id
        ? new Promise((_resolve, reject) => (refuse = () => reject(walletRefused('connect'))))
        : Promise.resolve({ address: '0x5B38Da6a701c568545dCfcdfc54f1D1B6A0E5A0d', chainId: 1 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const config = {
      products: ['oauth' as const, 'crypto' as const, 'emailMagicLinks' as const],
      oauthOptions: { providers: [{ type: 'google' }] },
    };
    const { container } = render(<SignIn client={createFakeClient()} config={config} />);
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Continue with other wallet' }));
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Set up a new crypto wallet' }));
    await expectNoViolationsAt(container, 'Set up a new crypto wallet');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Continue with Phantom' }));
    await expectNoViolationsAt(container, 'Connecting to your wallet...');
    refuse();
    await expectNoViolationsAt(container, 'Looks like there was an error!');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Continue with MetaMask' }));
    await expectNoViolationsAt(container, 'Completing signature request...');
    sign('0xsignature');
    await expectNoViolationsAt(container, 'Success!');
    vi.restoreAllMocks();
  });

  it('Main with crypto but no wallet in the browser has no violations', async () => {
    resetFakeWallets([]);
    const { container } = render(<SignIn client={createFakeClient()} config={{ products: ['crypto'] }} />);
    await screen.findByRole('button', { name: 'Continue with a crypto wallet' });
    expect(await violations(container)).toEqual([]);
  });

  it('MFAAuthenticate has no violations: the app’s code, a wrong code, a recovery code, a texted code', async () => {
    const { user, container } = await afterPassword(
      { totp: true, sms: true },
      {
        totpAuthenticate: () => Promise.reject(apiError('invalid_totp_code', 'Invalid code.', 401)),
        totpRecover: () => Promise.reject(apiError('invalid_recovery_code', 'Invalid code.', 401)),
      },
    );
    expect(await violations(container)).toEqual([]);
    await user.type(screen.getByLabelText('Verification code'), '111111');
    await screen.findByText('Invalid code, please try again.');
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcd-efgh-ijkl{Enter}');
    await screen.findByText('Invalid code, please try again.');
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: `Text a code to ${MFA_PHONE}` }));
    await screen.findByText(`A 6-digit code was sent to ${MFA_PHONE}.`);
    expect(await violations(container)).toEqual([]);
  });

  it('MFAAuthenticate while setting up an authenticator app has no violations', async () => {
    const { user, container } = await afterPassword({}, {}, 'Set up an authenticator app');
    await screen.findByRole('list', { name: 'Recovery codes' });
    expect(await violations(container)).toEqual([]);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await expectNoViolationsAt(container, 'Success!');
  });

  it('the passkey screens have no violations: the list, Start with an error, renaming, confirming a delete', async () => {
    const user = userEvent.setup();
    const client = createFakeClient({
      user: {
        user_id: 'user-test-1',
        emails: [],
        webauthn_registrations: [passkey(1, { last_authenticated_at: '2026-01-04T10:00:00Z' }), passkey(2)],
      },
      webauthnRegister: () => Promise.reject(webauthnError('webauthn_not_allowed')),
    });
    const { container } = render(<PasskeyRegistration client={client} config={{ products: ['passkeys'] }} />);
    // A user with passkeys: the widget opens on their list.
    await screen.findByRole('list', { name: 'Existing Passkeys' });
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Set up another Passkey' }));
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Create a Passkey' }));
    await screen.findByRole('alert');
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await screen.findByRole('list', { name: 'Existing Passkeys' });
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Rename Passkey 1' }));
    expect(await violations(container)).toEqual([]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Delete Passkey 2' }));
    expect(await violations(container)).toEqual([]);
  });

  it('the passkey success screen after a new passkey has no violations', async () => {
    const client = createFakeClient({
      user: { user_id: 'user-test-1', emails: [], webauthn_registrations: [passkey(1)] },
    });
    const { container } = render(<PasskeyRegistration client={client} config={{ products: ['passkeys'] }} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up another Passkey' }));
    await user.click(screen.getByRole('button', { name: 'Create a Passkey' }));
    await expectNoViolationsAt(container, 'Passkey successfully created!');
    await screen.findByRole('list');
    expect(await violations(container)).toEqual([]);
  });
});
