// Multi-factor sign-in (issue 9): a project that requires a second factor has people set up an
// authenticator app at sign-up, then asks for its code (or a recovery code) after the password;
// the demo page's account section sets one up for a project that does not require it.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { DemoPage } from '../pages/demo-page.js';
import { AuthenticatorSection, expectNewApp, MfaStep } from '../pages/mfa-screens.js';
import { PasswordScreens } from '../pages/password-screens.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { uniqueEmail } from '../support/outbox.js';
import { nextTotpStep, totpCode, wrongTotpCode } from '../support/totp.js';

const STRONG = 'violet kettle marching sideways';

interface Factor {
  type: string;
  delivery_method: string;
}

/** The factors of the page's session, as its session JWT states them (`https://stytch.com/session`). */
async function sessionFactors(page: Page): Promise<string[]> {
  const jwt = (await page.context().cookies()).find((c) => c.name === 'stytch_session_jwt')?.value;
  if (!jwt) throw new Error('the page holds no session JWT');
  const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    { authentication_factors: Factor[] }
  >;
  return (payload['https://stytch.com/session']?.authentication_factors ?? []).map(
    (factor) => `${factor.type}/${factor.delivery_method}`,
  );
}

/** Logs out, then logs in with the password as far as the widget's second step. */
async function passwordThenMfaStep(demo: DemoPage, page: Page, email: string): Promise<MfaStep> {
  const passwords = new PasswordScreens(page);
  const mfa = new MfaStep(page);
  await demo.logoutButton.click();
  await demo.widget.continueWithEmail(email);
  await passwords.logIn(STRONG);
  await expect(mfa.heading).toBeVisible();
  await expect(demo.account).toBeHidden();
  return mfa;
}

async function expectNoSessionCookie(page: Page): Promise<void> {
  const names = (await page.context().cookies()).map((c) => c.name);
  expect(names).not.toContain('stytch_session');
}

test('an MFA project: set up the app at sign-up, then sign in with its code or a recovery code', async ({
  demo,
  page,
  request,
}) => {
  const email = uniqueEmail('mia');
  const mfa = new MfaStep(page);
  let secret = '';
  let recoveryCodes: string[] = [];

  await test.step('signing up with a password leads to setting up an authenticator app', async () => {
    await demo.signUpWithPassword(email, STRONG, '/?login=passwords&project=mfa');
    await expect(mfa.enrolHeading).toBeVisible();
    ({ secret, codes: recoveryCodes } = await expectNewApp(mfa));
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    // The password alone made no session: the page holds an intermediate token only.
    await expectNoSessionCookie(page);
    await expect(demo.account).toBeHidden();
    await snapshot(page, '80-mfa-enrol-widget');
    await expectNoAxeViolations(page);
  });

  await test.step("the app's code finishes the sign-up with both factors", async () => {
    await mfa.typeCode(await totpCode(request, secret));
    await demo.expectSignedIn(email);
    expect(await sessionFactors(page)).toEqual(['password/knowledge', 'totp/authenticator_app']);
    await expect(new AuthenticatorSection(page).state).toContainText('Authenticator app: on');
  });

  await test.step('logging in again asks for the code after the password; a wrong one is refused', async () => {
    await passwordThenMfaStep(demo, page, email);
    await expect(mfa.codeInput).toBeFocused();
    await expect(mfa.useRecoveryCode).toBeVisible();
    await snapshot(page, '80-mfa-step');
    await expectNoAxeViolations(page);
    await mfa.typeCode(await wrongTotpCode(request, secret));
    await expect(mfa.error).toBeVisible();
    await expect(demo.account).toBeHidden();
    await expectNoSessionCookie(page);
    await snapshot(page, '80-mfa-step-wrong-code');
    await expectNoAxeViolations(page);
  });

  await test.step("the app's next code signs in (a code's time step works once)", async () => {
    await nextTotpStep(request);
    await expect(mfa.codeInput).toBeEnabled();
    await mfa.typeCode(await totpCode(request, secret));
    await demo.expectSignedIn(email);
    expect(await sessionFactors(page)).toEqual(['password/knowledge', 'totp/authenticator_app']);
  });

  await test.step('a recovery code signs in instead of the app', async () => {
    await passwordThenMfaStep(demo, page, email);
    await mfa.useRecoveryCode.click();
    await expect(mfa.recoveryInput).toBeVisible();
    // The link that asked is gone, so the field takes the focus.
    await expect(mfa.recoveryInput).toBeFocused();
    await expect(mfa.useAuthenticatorApp).toBeVisible();
    await snapshot(page, '80-mfa-recovery-code');
    await expectNoAxeViolations(page);
    await mfa.submitRecoveryCode(recoveryCodes[0] ?? '');
    await demo.expectSignedIn(email);
    expect(await sessionFactors(page)).toEqual(['password/knowledge', 'recovery_codes/recovery_code']);
  });

  await test.step('the same recovery code does not work twice', async () => {
    await passwordThenMfaStep(demo, page, email);
    await mfa.useRecoveryCode.click();
    await mfa.submitRecoveryCode(recoveryCodes[0] ?? '');
    await expect(mfa.error).toBeVisible();
    await expect(mfa.recoveryInput).toHaveValue(recoveryCodes[0] ?? '');
    await expect(demo.account).toBeHidden();
    await expectNoSessionCookie(page);
    await snapshot(page, '80-mfa-recovery-code-used');
    await expectNoAxeViolations(page);
    await mfa.submitRecoveryCode(recoveryCodes[1] ?? '');
    await demo.expectSignedIn(email);
  });
});

test("the demo's account section sets up an app; the next sign-in asks for its code; new codes; remove", async ({
  demo,
  page,
  request,
}) => {
  const email = uniqueEmail('tomas');
  const section = new AuthenticatorSection(page);

  await demo.signUpWithPassword(email, STRONG);
  await demo.expectSignedIn(email);
  await expect(section.state).toContainText('Authenticator app: off');

  let secret = '';
  let firstCodes: string[] = [];
  await test.step('setting up shows the QR code, the key and ten recovery codes', async () => {
    await section.setUpButton.click();
    ({ secret, codes: firstCodes } = await expectNewApp(section));
    const [download] = await Promise.all([page.waitForEvent('download'), section.downloadLink.click()]);
    expect(download.suggestedFilename()).toBe('recovery-codes.txt');
    const saved = readFileSync(await download.path(), 'utf8');
    for (const code of firstCodes) expect(saved).toContain(code);
    await snapshot(page, '80-mfa-demo-enrol');
    await expectNoAxeViolations(page, '#authenticator');
  });

  await test.step('a wrong code is refused, the right one turns the app on', async () => {
    await section.codeInput.fill(await wrongTotpCode(request, secret));
    await section.turnOnButton.click();
    await expect(section.status).toHaveAttribute('data-kind', 'error');
    await expect(section.state).toContainText('Authenticator app: off');
    await snapshot(page, '80-mfa-demo-enrol-wrong-code');
    await section.codeInput.fill(await totpCode(request, secret));
    await section.turnOnButton.click();
    await expect(section.status).toHaveAttribute('data-kind', 'success');
    await expect(section.state).toContainText('Authenticator app: on');
    await expect(section.qrCode).toBeHidden();
  });

  await test.step('new recovery codes replace the old ones', async () => {
    await section.newCodesButton.click();
    await expect
      .poll(
        async () => (await section.recoveryCodeTexts()).filter((code) => !firstCodes.includes(code)).length,
      )
      .toBe(10);
    await expect(section.status).toHaveAttribute('data-kind', 'success');
    await snapshot(page, '80-mfa-demo-new-codes');
    await expectNoAxeViolations(page, '#authenticator');
  });

  await test.step('with the app on, the next password sign-in asks for its code', async () => {
    const mfa = await passwordThenMfaStep(demo, page, email);
    await nextTotpStep(request);
    await mfa.typeCode(await totpCode(request, secret));
    await demo.expectSignedIn(email);
    expect(await sessionFactors(page)).toEqual(['password/knowledge', 'totp/authenticator_app']);
    await expect(section.state).toContainText('Authenticator app: on');
  });

  await test.step('removing the app turns it off', async () => {
    await section.removeButton.click();
    await section.removeYes.click();
    await expect(section.status).toHaveAttribute('data-kind', 'success');
    await expect(section.state).toContainText('Authenticator app: off');
    await expect(section.setUpButton).toBeVisible();
  });
});
