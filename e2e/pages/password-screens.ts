// Page object for the widget's password screens: create, log in, the strength indicator, reset.
import { expect, type Locator, type Page } from '@playwright/test';

export class PasswordScreens {
  readonly root: Locator;
  readonly createHeading: Locator;
  readonly loginHeading: Locator;
  readonly resetHeading: Locator;
  readonly passwordInput: Locator;
  readonly newPasswordInput: Locator;
  readonly continueButton: Locator;
  readonly forgotButton: Locator;
  readonly meterSegments: Locator;
  readonly checklistItems: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('#login');
    this.createHeading = this.root.getByRole('heading', { name: 'Create your account' });
    this.loginHeading = this.root.getByRole('heading', { name: 'Log In' });
    this.resetHeading = this.root.getByRole('heading', { name: 'Reset your password' });
    this.passwordInput = this.root.getByLabel('Password', { exact: true });
    this.newPasswordInput = this.root.getByLabel('New password', { exact: true });
    this.continueButton = this.root.getByRole('button', { name: 'Continue', exact: true });
    this.forgotButton = this.root.getByRole('button', { name: 'Forgot Password?' });
    this.meterSegments = this.root.locator('.lk-meter-segment');
    this.checklistItems = this.root.getByRole('listitem');
    this.error = this.root.getByRole('alert');
  }

  /** The fill state of the four zxcvbn segments: 'weak', 'strong' or null (empty). */
  async meter(): Promise<Array<string | null>> {
    return this.meterSegments.evaluateAll((segments) => segments.map((s) => s.getAttribute('data-filled')));
  }

  async expectMeter(expected: Array<string | null>): Promise<void> {
    await expect.poll(() => this.meter()).toEqual(expected);
  }

  /** CreateAccount: the new account's password, then Continue once the strength check allows it. */
  async create(password: string): Promise<void> {
    await this.passwordInput.fill(password);
    await expect(this.continueButton).toBeEnabled();
    await this.continueButton.click();
  }

  async logIn(password: string): Promise<void> {
    await expect(this.loginHeading).toBeVisible();
    await this.passwordInput.fill(password);
    await this.continueButton.click();
  }
}
