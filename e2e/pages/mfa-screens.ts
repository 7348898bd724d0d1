// Page objects for multi-factor sign-in: the widget's MFAAuthenticate step and the demo page's
// "Authenticator app" account section.
import { expect, type Locator, type Page } from '@playwright/test';

/** The key shown for typing into an app, without the spaces that group it. */
async function keyText(key: Locator): Promise<string> {
  return ((await key.textContent()) ?? '').replace(/\s/g, '');
}

async function codeTexts(codes: Locator): Promise<string[]> {
  return (await codes.allTextContents()).map((code) => code.trim());
}

/**
 * A new app is shown where `view` shows it: its QR code (a PNG), its key (base32) and ten recovery
 * codes. Answers the key and the codes.
 */
export async function expectNewApp(
  view: MfaStep | AuthenticatorSection,
): Promise<{ secret: string; codes: string[] }> {
  await expect(view.qrCode).toBeVisible();
  await expect(view.qrCode).toHaveAttribute('src', /^data:image\/png;base64,/);
  const secret = await view.secret();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const codes = await view.recoveryCodeTexts();
  expect(codes).toHaveLength(10);
  return { secret, codes };
}

/** The widget's second step: the app's code, a recovery code, or first setting up an app. */
export class MfaStep {
  readonly root: Locator;
  readonly heading: Locator;
  readonly enrolHeading: Locator;
  readonly codeInput: Locator;
  readonly useRecoveryCode: Locator;
  readonly useAuthenticatorApp: Locator;
  readonly recoveryInput: Locator;
  readonly continueButton: Locator;
  readonly qrCode: Locator;
  readonly key: Locator;
  readonly recoveryCodes: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('#login');
    this.heading = this.root.getByRole('heading', { name: 'Enter your verification code' });
    this.enrolHeading = this.root.getByRole('heading', { name: 'Set up an authenticator app' });
    this.codeInput = this.root.getByLabel('Verification code');
    this.useRecoveryCode = this.root.getByRole('button', { name: 'Use a recovery code' });
    this.useAuthenticatorApp = this.root.getByRole('button', { name: 'Use your authenticator app' });
    this.recoveryInput = this.root.getByLabel('Recovery code', { exact: true });
    this.continueButton = this.root.getByRole('button', { name: 'Continue', exact: true });
    this.qrCode = this.root.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    this.key = this.root.locator('code.lk-key');
    this.recoveryCodes = this.root.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    this.error = this.root.getByText('Invalid code, please try again.');
  }

  async secret(): Promise<string> {
    return keyText(this.key);
  }

  async recoveryCodeTexts(): Promise<string[]> {
    return codeTexts(this.recoveryCodes);
  }

  /** Types the code key by key; the sixth digit submits. */
  async typeCode(code: string): Promise<void> {
    await this.codeInput.focus();
    await this.page.keyboard.type(code, { delay: 30 });
  }

  async submitRecoveryCode(code: string): Promise<void> {
    await expect(this.recoveryInput).toBeVisible();
    await this.recoveryInput.fill(code);
    await this.continueButton.click();
  }
}

/** The demo page's account section for an authenticator app (the integrator's security settings). */
export class AuthenticatorSection {
  readonly root: Locator;
  readonly state: Locator;
  readonly setUpButton: Locator;
  readonly newCodesButton: Locator;
  readonly removeButton: Locator;
  readonly removeYes: Locator;
  readonly qrCode: Locator;
  readonly key: Locator;
  readonly codeInput: Locator;
  readonly turnOnButton: Locator;
  readonly recoveryCodes: Locator;
  readonly downloadLink: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Authenticator app' });
    this.state = page.locator('#totp-state');
    this.setUpButton = this.root.getByRole('button', { name: 'Set up an authenticator app' });
    this.newCodesButton = this.root.getByRole('button', { name: 'New recovery codes' });
    this.removeButton = this.root.getByRole('button', { name: 'Remove', exact: true });
    this.removeYes = this.root.getByRole('button', { name: 'Remove it' });
    this.qrCode = page.locator('#totp-qr');
    this.key = page.locator('#totp-key');
    // The demo's own markup: its ids stay put while its wording is tuned.
    this.codeInput = page.locator('#totp-code');
    this.turnOnButton = page.locator('#totp-confirm-submit');
    this.recoveryCodes = page.locator('#recovery-codes li');
    this.downloadLink = page.locator('#download-codes');
    this.status = page.locator('#totp-status');
  }

  async secret(): Promise<string> {
    return keyText(this.key);
  }

  async recoveryCodeTexts(): Promise<string[]> {
    return codeTexts(this.recoveryCodes);
  }
}
