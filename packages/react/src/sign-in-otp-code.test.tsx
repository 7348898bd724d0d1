import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WidgetConfig } from './config.js';
import { SignIn } from './sign-in.js';
import { AUTHENTICATED, apiError, type createFakeClient, otpSent } from './testing/fake-client.js';
import { expectSignedIn, renderSignIn } from './testing/render-sign-in.js';
import { createTestClock } from './testing/test-clock.js';

afterEach(cleanup);

const CONFIG: WidgetConfig = {
  products: ['otp'],
  otpOptions: { methods: ['email'] },
  sessionOptions: { sessionDurationMinutes: 60 },
};

/** Renders the widget with a manual clock and sends an email code, ending on OTPAuthenticate. */
async function onCodeScreen(options: Parameters<typeof createFakeClient>[0] = {}) {
  const clock = createTestClock();
  const rendered = renderSignIn(CONFIG, options, { clock });
  await rendered.user.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
  await screen.findByRole('heading', { name: 'Enter passcode' });
  const input = screen.getByLabelText('One-time passcode') as HTMLInputElement;
  return { ...rendered, clock, input };
}

const countdown = () => document.querySelector('.lk-resend span')?.textContent;

describe('<SignIn> OTPAuthenticate', () => {
  it('shows the spec texts and one focused numeric one-time-code input', async () => {
    const { input } = await onCodeScreen();
    expect(screen.getByText('A 6-digit passcode was sent to you at ada@example.com.')).toBeTruthy();
    expect(countdown()).toBe("Your code expires in 5:00. Didn't get it?");
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.maxLength).toBe(6);
    expect(document.activeElement).toBe(input);
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(document.querySelectorAll('.lk-code-box')).toHaveLength(6);
  });

  it('keeps digits only, at most six, and draws them in the boxes', async () => {
    const { input, user, client } = await onCodeScreen({ otpAuthenticate: () => new Promise(() => {}) });
    await user.type(input, 'a1-b2 c3');
    expect(input.value).toBe('123');
    const boxes = [...document.querySelectorAll('.lk-code-box')].map((box) => box.textContent);
    expect(boxes).toEqual(['1', '2', '3', '', '', '']);
    await user.type(input, '4567');
    expect(input.value).toBe('123456');
    expect(client.calls.otpAuthenticate).toEqual([
      { code: '123456', methodId: 'email-test-1', options: { sessionDurationMinutes: 60 } },
    ]);
  });

  it('submits a pasted "123 456" exactly once, not again on re-render or a second paste', async () => {
    const { input, user, client, rerender } = await onCodeScreen({
      otpAuthenticate: () => new Promise(() => {}),
    });
    await user.click(input);
    await user.paste('123 456');
    expect(input.value).toBe('123456');
    rerender(<SignIn client={client} config={CONFIG} />);
    fireEvent.paste(input, { clipboardData: { getData: () => '123456' } });
    fireEvent.change(input, { target: { value: '123456' } });
    expect(client.calls.otpAuthenticate.map((c) => c.code)).toEqual(['123456']);
  });

  it('shows "Verifying passcode..." with a 10 s progress bar and disables the input', async () => {
    const { input, user, clock } = await onCodeScreen({ otpAuthenticate: () => new Promise(() => {}) });
    await user.type(input, '123456');
    expect(screen.getByText('Verifying passcode...')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Verifying passcode...' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(input.disabled).toBe(true);
    act(() => clock.advance(5000));
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    act(() => clock.advance(6000));
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect((screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('counts down each second and then says the code has expired', async () => {
    const { clock } = await onCodeScreen();
    act(() => clock.advance(1000));
    expect(countdown()).toBe("Your code expires in 4:59. Didn't get it?");
    act(() => clock.advance(58_000));
    expect(countdown()).toBe("Your code expires in 4:01. Didn't get it?");
    act(() => clock.advance(240_000));
    expect(countdown()).toBe("Your code expires in 0:01. Didn't get it?");
    act(() => clock.advance(1000));
    expect(countdown()).toBe('Your code has expired.');
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();
  });

  it('resends: new method id, countdown restarted, "Code resent" toast', async () => {
    const { input, user, clock, client, events } = await onCodeScreen();
    act(() => clock.advance(301_000));
    expect(countdown()).toBe('Your code has expired.');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    const toast = await screen.findByText('Code resent');
    expect(toast.closest('[role="status"]')).not.toBeNull();
    expect(countdown()).toBe("Your code expires in 5:00. Didn't get it?");
    expect(client.calls.otpSend.map((c) => c.recipient)).toEqual(['ada@example.com', 'ada@example.com']);
    expect(events.map((e) => e.type)).toEqual(['OTP_LOGIN_OR_CREATE', 'OTP_LOGIN_OR_CREATE']);
    await user.type(input, '654321');
    await waitFor(() => expect(client.calls.otpAuthenticate).toHaveLength(1));
    expect(client.calls.otpAuthenticate[0]?.methodId).toBe('email-test-2');
  });

  it("shows a failed resend's server message in an error toast and stays", async () => {
    const failure = apiError('too_many_requests', 'Too many codes were sent. Try again in a minute.', 429);
    const { user, errors } = await onCodeScreen({
      otpSend: (channel, _recipient, n) =>
        n === 1 ? Promise.resolve(otpSent(channel, n)) : Promise.reject(failure),
    });
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many codes were sent. Try again in a minute.');
    expect(alert.getAttribute('part')).toBe('toast toast-error');
    expect(screen.getByRole('heading', { name: 'Enter passcode' })).toBeTruthy();
    expect(screen.queryByText('Code resent')).toBeNull();
    expect(errors).toEqual([failure]);
  });

  it('says "Invalid passcode, please try again." for a wrong code and empties the boxes for a new try', async () => {
    let attempt = 0;
    const { input, user, client } = await onCodeScreen({
      otpAuthenticate: () =>
        ++attempt === 1
          ? Promise.reject(apiError('unable_to_auth_otp_code', 'The passcode is wrong or expired.', 401))
          : Promise.resolve(AUTHENTICATED),
    });
    await user.type(input, '111111');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid passcode, please try again.');
    expect(input.value).toBe('');
    expect(input.disabled).toBe(false);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    await user.type(input, '222222');
    await screen.findByRole('heading', { name: 'Success!' });
    expect(client.calls.otpAuthenticate.map((c) => c.code)).toEqual(['111111', '222222']);
  });

  it('signs in: the confirmation, the host events and the success telemetry', async () => {
    const { input, user, client, events } = await onCodeScreen();
    await user.type(input, '123456');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    expectSignedIn(
      { client, events },
      'otp',
      [
        { type: 'OTP_LOGIN_OR_CREATE', data: otpSent('email', 1) },
        { type: 'OTP_AUTHENTICATE', data: AUTHENTICATED },
      ],
      AUTHENTICATED,
    );
  });

  it('goes back to Main with the email kept', async () => {
    const { user } = await onCodeScreen();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });
});
