import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SignIn } from './sign-in.js';
import { afterPassword, MFA_CONFIG } from './testing/after-password.js';
import {
  apiError,
  createFakeClient,
  MFA_PHONE,
  mfaPending,
  TOTP_AUTHENTICATED_RESULT,
  TOTP_CREATED,
} from './testing/fake-client.js';

afterEach(cleanup);

const codeInput = () => screen.getByLabelText('Verification code') as HTMLInputElement;
const types = (events: Array<{ type: string }>) => events.map((event) => event.type);

describe('<SignIn> multi-factor sign-in: the authenticator app', () => {
  it('asks for the app’s code after a password sign-in without a session, then signs in with it', async () => {
    const { client, events, errors, user } = await afterPassword({ totp: true });
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Text a code/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    // The password call succeeded, but nobody is signed in yet: no flow-complete event.
    expect(types(events)).toEqual(['PASSWORD_AUTHENTICATE']);
    expect(document.activeElement).toBe(codeInput());

    await user.type(codeInput(), '123456');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    expect(client.calls.totpAuthenticate).toEqual([{ totp_code: '123456', session_duration_minutes: 60 }]);
    expect(types(events)).toEqual([
      'PASSWORD_AUTHENTICATE',
      'TOTP_AUTHENTICATE',
      'AUTHENTICATE_FLOW_COMPLETE',
    ]);
    expect(events.at(-1)?.data).toEqual(TOTP_AUTHENTICATED_RESULT);
    expect(errors).toEqual([]);
  });

  it('words a wrong code, empties the boxes for another try, and signs in with the next one', async () => {
    let attempt = 0;
    const wrong = apiError('invalid_totp_code', 'The TOTP code is invalid.', 401);
    const { client, errors, user } = await afterPassword(
      { totp: true },
      {
        totpAuthenticate: async () => {
          if (++attempt === 1) throw wrong;
          return TOTP_AUTHENTICATED_RESULT;
        },
      },
    );
    await user.type(codeInput(), '111111');
    expect(await screen.findByText('Invalid code, please try again.')).toBeTruthy();
    await waitFor(() => expect(codeInput().value).toBe(''));
    expect(document.activeElement).toBe(codeInput());
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(errors).toEqual([wrong]);
    await user.type(codeInput(), '222222');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.calls.totpAuthenticate.map((call) => call.totp_code)).toEqual(['111111', '222222']);
  });

  it('shows the server’s words for too many attempts', async () => {
    const { user } = await afterPassword(
      { totp: true },
      {
        totpAuthenticate: async () => {
          throw apiError('too_many_requests', 'Too many attempts. Sign in again.', 429);
        },
      },
    );
    await user.type(codeInput(), '123456');
    expect(await screen.findByText('Too many attempts. Sign in again.')).toBeTruthy();
  });

  it('goes back to Main with the back arrow, without completing anything', async () => {
    const { events, user } = await afterPassword({ totp: true });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(types(events)).toEqual(['PASSWORD_AUTHENTICATE']);
  });
});

describe('<SignIn> multi-factor sign-in: a recovery code', () => {
  it('switches to the recovery code field, refuses a used code and signs in with a good one', async () => {
    let attempt = 0;
    const { client, events, user } = await afterPassword(
      { totp: true },
      {
        totpRecover: () =>
          new Promise((resolve, reject) => {
            setTimeout(() => {
              // A browser drops focus from the field the widget disabled meanwhile; jsdom keeps it
              // (and will not blur a disabled input), so focus leaves through a throwaway button.
              const away = document.body.appendChild(document.createElement('button'));
              away.focus();
              away.remove();
              if (++attempt > 1) resolve(TOTP_AUTHENTICATED_RESULT);
              else reject(apiError('invalid_recovery_code', 'Recovery code is invalid.', 401));
            }, 0);
          }),
      },
    );
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const field = (await screen.findByLabelText('Recovery code')) as HTMLInputElement;
    expect(field.placeholder).toBe('xxxx-xxxx-xxxx');
    expect(document.activeElement).toBe(field);
    const submit = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Use your authenticator app' })).toBeTruthy();

    await user.type(field, ' abcd-efgh-ijkl {Enter}');
    expect(await screen.findByText('Invalid code, please try again.')).toBeTruthy();
    // The code stays, with focus back in it, so a typo can be mended.
    expect(field.value).toBe(' abcd-efgh-ijkl ');
    await waitFor(() => expect(document.activeElement).toBe(field));
    await user.clear(field);
    await user.type(field, 'mnop-qrst-uvwx');
    await user.click(submit);
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.calls.totpRecover).toEqual([
      { recovery_code: 'abcd-efgh-ijkl', session_duration_minutes: 60 },
      { recovery_code: 'mnop-qrst-uvwx', session_duration_minutes: 60 },
    ]);
    expect(types(events).slice(-2)).toEqual(['TOTP_RECOVER', 'AUTHENTICATE_FLOW_COMPLETE']);
  });
});

describe('<SignIn> multi-factor sign-in: the account’s codes locked', () => {
  // The provider's answer once 100 codes in a row failed (docs/provider-api.md "Second-factor lock").
  const LOCKED =
    'Too many wrong codes were tried for this account. Reset your password by email, then sign in again.';
  const locked = async () => {
    throw apiError('too_many_requests', LOCKED, 429);
  };

  it('shows what to do under the recovery code field', async () => {
    const { user } = await afterPassword({ totp: true }, { totpRecover: locked });
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(await screen.findByLabelText('Recovery code'), 'abcd-efgh-ijkl{Enter}');
    expect(await screen.findByText(LOCKED)).toBeTruthy();
  });

  it('shows what to do under a texted code', async () => {
    const { user } = await afterPassword({ totp: true, sms: true }, { otpAuthenticate: locked });
    await user.click(screen.getByRole('button', { name: `Text a code to ${MFA_PHONE}` }));
    await screen.findByText(`A 6-digit code was sent to ${MFA_PHONE}.`);
    await user.type(codeInput(), '654321');
    expect(await screen.findByText(LOCKED)).toBeTruthy();
  });
});

describe('<SignIn> multi-factor sign-in: a texted code', () => {
  it('texts the verified phone on request, then signs in with the texted code', async () => {
    const { client, events, user } = await afterPassword({ totp: true, sms: true });
    await user.click(screen.getByRole('button', { name: `Text a code to ${MFA_PHONE}` }));
    expect(await screen.findByText(`A 6-digit code was sent to ${MFA_PHONE}.`)).toBeTruthy();
    expect(client.calls.smsSend).toEqual([{ phoneNumber: MFA_PHONE, options: { expirationMinutes: 5 } }]);
    expect(screen.getByRole('button', { name: 'Use your authenticator app' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();

    await user.type(codeInput(), '654321');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.calls.otpAuthenticate).toEqual([
      { code: '654321', methodId: 'phone-number-test-1', options: { sessionDurationMinutes: 60 } },
    ]);
    expect(client.calls.totpAuthenticate).toEqual([]);
    expect(types(events)).toEqual([
      'PASSWORD_AUTHENTICATE',
      'OTP_SEND',
      'OTP_AUTHENTICATE',
      'AUTHENTICATE_FLOW_COMPLETE',
    ]);
  });

  it('offers only the text when the phone is the user’s one second factor, and checks against the latest text', async () => {
    const { client, user } = await afterPassword({ sms: true });
    expect(screen.getByText(`We can text a 6-digit code to ${MFA_PHONE}.`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    await user.click(screen.getByRole('button', { name: `Text a code to ${MFA_PHONE}` }));
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Code resent')).toBeTruthy();
    await user.type(codeInput(), '654321');
    await screen.findByRole('heading', { name: 'Success!' });
    expect(client.calls.smsSend).toHaveLength(2);
    expect(client.calls.otpAuthenticate.map((call) => call.methodId)).toEqual(['phone-number-test-2']);
  });
});

describe('<SignIn> multi-factor sign-in: setting up an authenticator app first', () => {
  it('shows the new app’s QR code, key and recovery codes, and signs in with its first code', async () => {
    const { client, events, user } = await afterPassword({}, {}, 'Set up an authenticator app');
    const qr = (await screen.findByRole('img', {
      name: 'QR code to scan with your authenticator app',
    })) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(TOTP_CREATED.qr_code);
    expect(client.calls.totpCreate).toBe(1);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    const codes = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(TOTP_CREATED.recovery_codes);
    // A new app has no recovery codes in use yet, and this user has no phone.
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();

    await user.type(codeInput(), '123456');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.calls.totpAuthenticate).toEqual([{ totp_code: '123456', session_duration_minutes: 60 }]);
    expect(types(events)).toEqual([
      'PASSWORD_AUTHENTICATE',
      'TOTP_CREATE',
      'TOTP_AUTHENTICATE',
      'AUTHENTICATE_FLOW_COMPLETE',
    ]);
  });

  it('says why setting up failed and tries again on request', async () => {
    let attempt = 0;
    const { client, user } = await afterPassword(
      {},
      {
        totpCreate: async () => {
          if (++attempt === 1) throw apiError('intermediate_session_not_found', 'Sign in again.', 401);
          return TOTP_CREATED;
        },
      },
      'Set up an authenticator app',
    );
    expect(await screen.findByText('Sign in again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    expect(client.calls.totpCreate).toBe(2);
  });
});

describe('<SignIn> multi-factor sign-in: the host’s texts', () => {
  it('takes the host’s overrides of the step’s texts and error words', async () => {
    const client = createFakeClient({
      search: async () => ({ userType: 'password' }),
      passwordAuthenticate: async () => mfaPending({ totp: true }),
      totpAuthenticate: () => Promise.reject(apiError('invalid_totp_code', 'Invalid.', 401)),
    });
    const strings = {
      'mfa.title': 'Bestätigungscode eingeben',
      'mfa.codeLabel': 'Bestätigungscode',
      'errors.invalid_totp_code': 'Falscher Code.',
    };
    render(<SignIn client={client} config={MFA_CONFIG} strings={strings} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
    await user.type(await screen.findByLabelText('Password'), 'correct horse{Enter}');
    expect(await screen.findByRole('heading', { name: 'Bestätigungscode eingeben' })).toBeTruthy();
    await user.type(screen.getByLabelText('Bestätigungscode'), '123456');
    expect(await screen.findByText('Falscher Code.')).toBeTruthy();
    // Untouched keys keep their English.
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeTruthy();
  });
});

describe('<SignIn pendingSignIn>: a second factor after a sign-in the page made itself', () => {
  it('starts on the second factor of a magic-link or OAuth answer, and sets up an app at once when needed', async () => {
    const client = createFakeClient();
    const events: Array<{ type: string }> = [];
    const { unmount } = render(
      <SignIn
        client={client}
        config={MFA_CONFIG}
        pendingSignIn={mfaPending({ totp: true })}
        callbacks={{ onEvent: (event) => events.push(event) }}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Enter your verification code' })).toBeTruthy();
    await userEvent.setup().type(codeInput(), '123456');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(types(events)).toEqual(['TOTP_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
    unmount();

    render(<SignIn client={client} config={MFA_CONFIG} pendingSignIn={mfaPending({})} />);
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    expect(client.calls.totpCreate).toBe(1);
  });

  it('starts on Main for anything else', async () => {
    const signedIn = { ...mfaPending({ totp: true }), session_token: 'session-token' };
    render(<SignIn client={createFakeClient()} config={MFA_CONFIG} pendingSignIn={signedIn} />);
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });
});
