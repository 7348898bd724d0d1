// Page object for the Latchkey login widget, located by role and label as a person would find it.
import { expect, type Locator, type Page } from '@playwright/test';

export class LoginWidget {
  readonly root: Locator;
  readonly emailInput: Locator;
  readonly continueButton: Locator;
  readonly checkEmailHeading: Locator;
  readonly resendButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('#login');
    this.emailInput = this.root.getByLabel(/email/i);
    this.continueButton = this.root.getByRole('button', { name: /continue with email/i });
    this.checkEmailHeading = this.root.getByRole('heading', { name: /check your email/i });
    this.resendButton = this.root.getByRole('button', { name: /resend/i });
  }

  async requestMagicLink(email: string): Promise<void> {
    await this.emailInput.fill(email);
    await this.continueButton.click();
    await expect(this.checkEmailHeading).toBeVisible();
  }
}
