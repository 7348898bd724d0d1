// Page object for the provider's development sign-in page (its development OpenID issuer), which
// stands in for Google, GitHub and every other OAuth provider on a fresh clone.
import { expect, type Locator, type Page } from '@playwright/test';
import { providerUrl } from '../support/stack.js';

export class DevSignInPage {
  readonly heading: Locator;
  readonly band: Locator;
  readonly name: Locator;
  readonly email: Locator;
  readonly verified: Locator;
  readonly continueButton: Locator;
  readonly cancelButton: Locator;
  readonly errorSummary: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.band = page.getByText(/^Development only — this is not /);
    this.name = page.getByRole('textbox', { name: 'Name' });
    this.email = page.getByRole('textbox', { name: 'Email address' });
    this.verified = page.getByRole('checkbox', { name: /has verified this address/ });
    this.continueButton = page.getByRole('button', { name: 'Continue' });
    this.cancelButton = page.getByRole('button', { name: 'Cancel' });
    this.errorSummary = page.getByRole('alert');
  }

  /** Waits for the page, on the provider's own origin, standing in for `provider`. */
  async expectShown(provider: string): Promise<void> {
    await this.page.waitForURL((url) => url.origin === providerUrl && url.pathname === '/dev/oidc/authorize');
    await expect(this.heading).toHaveText(`Development sign-in for ${provider}`);
    await expect(this.band).toHaveText(`Development only — this is not ${provider}`);
  }

  /** Types the person's name (optional) and address, then Continue. */
  async signInAs(email: string, name?: string): Promise<void> {
    if (name !== undefined) await this.name.fill(name);
    await this.email.fill(email);
    await this.continueButton.click();
  }
}
