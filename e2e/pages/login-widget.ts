// Page object for the Latchkey login widget, located by role and label as a person would find it.
import { expect, type Locator, type Page } from '@playwright/test';

export class LoginWidget {
  readonly root: Locator;
  readonly emailInput: Locator;
  readonly continueButton: Locator;
  readonly checkEmailHeading: Locator;
  readonly resendButton: Locator;
  readonly emailTab: Locator;
  readonly heading: Locator;

  /** `root`: where the host page put the widget (the demo page's `#login` unless told). */
  constructor(
    readonly page: Page,
    root?: Locator,
  ) {
    this.root = root ?? page.locator('#login');
    this.emailInput = this.root.getByRole('textbox', { name: 'Email' });
    this.continueButton = this.root.getByRole('button', { name: /continue with email/i });
    this.checkEmailHeading = this.root.getByRole('heading', { name: /check your email/i });
    this.resendButton = this.root.getByRole('button', { name: /resend/i });
    this.emailTab = this.root.getByRole('tab', { name: /email/i });
    this.heading = this.root.getByRole('heading', { name: /sign up or log in/i });
  }

  /** With phone methods configured the widget opens on the phone tab; email is one tab over. */
  async openEmailTab(): Promise<void> {
    if ((await this.emailTab.count()) > 0) await this.emailTab.click();
    await expect(this.emailInput).toBeVisible();
  }

  /** Main's email form: the address, then Continue (the widget picks the next screen). */
  async continueWithEmail(email: string): Promise<void> {
    await this.emailInput.fill(email);
    await this.continueButton.click();
  }

  async requestMagicLink(email: string): Promise<void> {
    await this.openEmailTab();
    await this.continueWithEmail(email);
    await expect(this.checkEmailHeading).toBeVisible();
  }
}
