import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WidgetConfig } from './config.js';
import { SignIn } from './sign-in.js';
import { createFakeClient, otpSent } from './testing/fake-client.js';
import { renderSignIn } from './testing/render-sign-in.js';

afterEach(cleanup);

const ALL: WidgetConfig = { products: ['otp'], otpOptions: { methods: ['email', 'sms', 'whatsapp'] } };

describe('<SignIn> Main with one-time passcodes', () => {
  it('shows a tab per configured method, phone tabs first, as an accessible tab list', async () => {
    const { user } = renderSignIn(ALL);
    const list = screen.getByRole('tablist', { name: 'Sign-in method' });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Text', 'WhatsApp', 'Email']);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    const panel = screen.getByRole('tabpanel', { name: 'Text' });
    expect(within(panel).getByRole('combobox', { name: 'Country' })).toBeTruthy();
    expect(within(panel).getByLabelText('Phone number')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Continue with text message' })).toBeTruthy();

    tabs[0]?.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'WhatsApp', selected: true })).toBe(document.activeElement);
    expect(screen.getByRole('button', { name: 'Continue with WhatsApp' })).toBeTruthy();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Email', selected: true })).toBe(document.activeElement);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Text', selected: true })).toBe(document.activeElement);
  });

  it('shows only the form when one method is configured, and magic links beside phone codes', () => {
    renderSignIn({ products: ['otp'], otpOptions: { methods: ['email'] } });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    cleanup();
    renderSignIn({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Text', 'Email']);
    cleanup();
    renderSignIn({ products: ['otp'], otpOptions: { methods: ['whatsapp'] } });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue with WhatsApp' })).toBeTruthy();
  });

  it('starts the country picker on the browser region and lists every country once loaded', async () => {
    renderSignIn(ALL);
    const select = screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
    expect(select.value).toBe('US'); // jsdom's navigator.language is en-US
    await screen.findByRole('option', { name: 'United Kingdom (+44)' });
    expect(select.options.length).toBeGreaterThan(200);
    expect(select.selectedOptions[0]?.textContent).toBe('United States (+1)');
  });

  it('formats the number as it is typed', async () => {
    const { user } = renderSignIn(ALL);
    await screen.findByRole('option', { name: 'United Kingdom (+44)' });
    const input = screen.getByLabelText('Phone number') as HTMLInputElement;
    await user.type(input, '2015550123');
    expect(input.value).toBe('(201) 555-0123');
    await user.type(input, '{Backspace}{Backspace}');
    expect(input.value).toBe('(201) 555-01');
  });

  it('refuses an invalid number inline and sends nothing', async () => {
    const { client, user } = renderSignIn(ALL);
    await user.type(screen.getByLabelText('Phone number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Continue with text message' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Enter a valid phone number.');
    const input = screen.getByLabelText('Phone number');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(input);
    expect(client.calls.otpSend).toEqual([]);
  });

  it('sends an SMS code to the E.164 number with the default expiry, and shows where it went', async () => {
    const { client, events, user } = renderSignIn(ALL);
    await user.type(screen.getByLabelText('Phone number'), '(201) 555-0123');
    await user.click(screen.getByRole('button', { name: 'Continue with text message' }));
    expect(await screen.findByRole('heading', { name: 'Enter passcode' })).toBeTruthy();
    expect(client.calls.otpSend).toEqual([
      { channel: 'sms', recipient: '+12015550123', options: { expirationMinutes: 5 } },
    ]);
    expect(screen.getByText('A 6-digit passcode was sent to you at +1 201 555 0123.')).toBeTruthy();
    expect(events).toEqual([{ type: 'OTP_LOGIN_OR_CREATE', data: otpSent('sms', 1) }]);
    expect(client.telemetryEvents.map((e) => e.name)).not.toContain('email_sent');
  });

  it('sends by WhatsApp for another country, with the configured expiry', async () => {
    const { client, user } = renderSignIn({
      ...ALL,
      otpOptions: { methods: ['whatsapp'], expirationMinutes: 2 },
    });
    await screen.findByRole('option', { name: 'United Kingdom (+44)' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'GB');
    await user.type(screen.getByLabelText('Phone number'), '07400 123456{Enter}');
    await screen.findByRole('heading', { name: 'Enter passcode' });
    expect(client.calls.otpSend).toEqual([
      { channel: 'whatsapp', recipient: '+447400123456', options: { expirationMinutes: 2 } },
    ]);
  });

  it('sends an email code with the template ids and logs email_sent', async () => {
    const { client, user } = renderSignIn({
      products: ['otp'],
      otpOptions: { methods: ['email'], loginTemplateId: 'login-tpl', signupTemplateId: 'signup-tpl' },
    });
    await user.type(screen.getByLabelText('Email'), ' ada@example.com {Enter}');
    await screen.findByText('A 6-digit passcode was sent to you at ada@example.com.');
    expect(client.calls.otpSend).toEqual([
      {
        channel: 'email',
        recipient: 'ada@example.com',
        options: { expirationMinutes: 5, loginTemplateId: 'login-tpl', signupTemplateId: 'signup-tpl' },
      },
    ]);
    expect(client.calls.loginOrCreate).toEqual([]);
    expect(client.telemetryEvents).toContainEqual({
      name: 'email_sent',
      details: { email: 'ada@example.com', type: 'login_or_create_otp' },
    });
  });

  it('keeps the tab and the number when coming back from the code screen', async () => {
    const { user } = renderSignIn(ALL);
    await user.click(screen.getByRole('tab', { name: 'WhatsApp' }));
    await user.type(screen.getByLabelText('Phone number'), '2015550123{Enter}');
    await screen.findByRole('heading', { name: 'Enter passcode' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('tab', { name: 'WhatsApp', selected: true })).toBeTruthy();
    const input = screen.getByLabelText('Phone number') as HTMLInputElement;
    expect(input.value).toBe('+1 201 555 0123');
  });

  it('renders only the one-line error when email magic links and email codes are combined', () => {
    const { container } = render(
      <SignIn
        client={createFakeClient()}
        config={{ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email', 'sms'] } }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Error: Email magic links and email one-time passcodes cannot be used together.',
    );
    expect(container.querySelectorAll('input, select, button')).toHaveLength(0);
  });
});
