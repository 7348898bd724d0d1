// Page objects for passcode sign-in: the phone form on Main and the OTPAuthenticate screen.
import { expect, type Locator, type Page } from '@playwright/test';

export class PhoneForm {
  readonly country: Locator;
  readonly phoneNumber: Locator;
  readonly continueByText: Locator;

  constructor(readonly page: Page) {
    const root = page.locator('#login');
    this.country = root.getByLabel('Country');
    this.phoneNumber = root.getByLabel('Phone number');
    this.continueByText = root.getByRole('button', { name: 'Continue with text message' });
  }

  async requestTextCode(country: string, nationalNumber: string): Promise<void> {
    await this.country.selectOption(country);
    await this.phoneNumber.fill(nationalNumber);
    await this.continueByText.click();
  }
}

export class OtpScreen {
  readonly heading: Locator;
  readonly sentTo: Locator;
  readonly codeInput: Locator;
  readonly resendButton: Locator;
  readonly countdown: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    const root = page.locator('#login');
    this.heading = root.getByRole('heading', { name: 'Enter passcode' });
    this.sentTo = root.getByText(/A 6-digit passcode was sent to you at/);
    this.codeInput = root.getByLabel('One-time passcode');
    this.resendButton = root.getByRole('button', { name: 'Resend code' });
    this.countdown = root.getByText(/Your code (expires in \d+:\d\d|has expired)/);
    this.error = root.getByText('Invalid passcode, please try again.');
  }

  async expectShown(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.codeInput).toBeFocused();
  }

  /** Types the code key by key, as a person would; the sixth digit submits. */
  async type(code: string): Promise<void> {
    await this.codeInput.focus();
    await this.page.keyboard.type(code, { delay: 30 });
  }

  /** Puts the whole code in at once, as a paste or an autofilled one-time code does. */
  async paste(code: string): Promise<void> {
    await this.codeInput.fill(code);
  }
}
