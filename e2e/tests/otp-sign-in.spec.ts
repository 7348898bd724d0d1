// A person signs in with a one-time passcode sent by text message or email.
import { OtpScreen, PhoneForm } from '../pages/otp-screen.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { passcodeIn, uniqueEmail, uniquePhoneNumber, waitForMessages } from '../support/outbox.js';
import { providerUrl } from '../support/stack.js';

test('signs in with a text-message code typed digit by digit', async ({ demo, page, request }) => {
  const phone = uniquePhoneNumber();
  const otp = new OtpScreen(page);

  await test.step('the phone tab asks for a country and a number', async () => {
    await demo.open();
    await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
    await new PhoneForm(page).requestTextCode('US', phone.national);
  });

  await test.step('the passcode screen names the number and counts down', async () => {
    await otp.expectShown();
    await expect(otp.sentTo).toContainText('415');
    await expect(otp.countdown).toContainText(/Your code expires in 4:5\d/);
    await snapshot(page, '10-otp-entry');
    await expectNoAxeViolations(page);
  });

  await test.step('typing the six digits from the text message signs in', async () => {
    const [message] = await waitForMessages(request, phone.e164, 1);
    expect(message?.channel).toBe('sms');
    await otp.type(passcodeIn(message!));
    await demo.expectSignedIn(phone.e164);
    await snapshot(page, '11-otp-signed-in');
  });
});

test('signs in with an email code pasted at once, submitting exactly once', async ({
  demo,
  page,
  request,
}) => {
  const email = uniqueEmail('erin');
  const otp = new OtpScreen(page);
  const authenticateCalls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/sdk/v1/otps/authenticate'))
      authenticateCalls.push(r.url());
  });

  await page.goto('/?login=codes');
  await demo.widget.openEmailTab();
  await demo.widget.continueWithEmail(email);
  await otp.expectShown();
  await expect(otp.sentTo).toContainText(email);

  const [message] = await waitForMessages(request, email, 1);
  await otp.paste(passcodeIn(message!));
  await demo.expectSignedIn(email);
  expect(authenticateCalls).toHaveLength(1);
});

test('a wrong code is refused with a clear message, then the right one works', async ({
  demo,
  page,
  request,
}) => {
  const phone = uniquePhoneNumber();
  const otp = new OtpScreen(page);
  await demo.open();
  await new PhoneForm(page).requestTextCode('US', phone.national);
  await otp.expectShown();
  const code = passcodeIn((await waitForMessages(request, phone.e164, 1))[0]!);

  await otp.type(code === '000000' ? '111111' : '000000');
  await expect(otp.error).toBeVisible();
  await expect(otp.codeInput).toHaveValue('');
  await snapshot(page, '12-otp-wrong-code');
  await demo.expectSignedOut();

  await otp.type(code);
  await demo.expectSignedIn(phone.e164);
});

test('resend replaces the code: the old one fails, the new one works', async ({ demo, page, request }) => {
  const phone = uniquePhoneNumber();
  const otp = new OtpScreen(page);
  await demo.open();
  await new PhoneForm(page).requestTextCode('US', phone.national);
  await otp.expectShown();
  await waitForMessages(request, phone.e164, 1);

  await otp.resendButton.click();
  await expect(page.getByText('Code resent')).toBeVisible();
  await snapshot(page, '13-otp-code-resent');
  const [newest, older] = await waitForMessages(request, phone.e164, 2);
  const oldCode = passcodeIn(older!);
  const newCode = passcodeIn(newest!);

  if (oldCode !== newCode) {
    await otp.type(oldCode);
    await expect(otp.error).toBeVisible();
  }
  await otp.type(newCode);
  await demo.expectSignedIn(phone.e164);
});

// Moves the provider's clock forward for the rest of the run, so it comes last in this file.
test('an expired code is refused, and the countdown says it expired', async ({ demo, page, request }) => {
  const phone = uniquePhoneNumber();
  const otp = new OtpScreen(page);
  await page.clock.install();
  await demo.open();
  await new PhoneForm(page).requestTextCode('US', phone.national);
  await otp.expectShown();
  const code = passcodeIn((await waitForMessages(request, phone.e164, 1))[0]!);

  await page.clock.fastForward('05:01');
  await expect(otp.countdown).toHaveText(/Your code has expired\./);
  await expect(otp.resendButton).toBeVisible();
  await snapshot(page, '14-otp-expired');

  const moved = await request.post(`${providerUrl}/dev/clock`, { data: { advance_seconds: 301 } });
  expect(moved.ok()).toBe(true);
  await otp.type(code);
  await expect(page.locator('#login').getByRole('alert')).toBeVisible();
  await demo.expectSignedOut();
});
