// Page object for Clickwise, the marketing site: found by role and label, as a person would.
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { magicLinkIn, waitForMessages } from '../support/outbox.js';
import { clickwiseUrl } from '../support/stack.js';
import { DevSignInPage } from './dev-sign-in-page.js';

export class ClickwiseSite {
  readonly searchInput: Locator;
  readonly estimateButton: Locator;
  readonly resultsPanel: Locator;
  readonly signInDialog: Locator;
  readonly widgetEmail: Locator;

  constructor(readonly page: Page) {
    this.searchInput = page.getByRole('searchbox', { name: /try a search term/i });
    this.estimateButton = page.getByRole('button', { name: 'Estimate' });
    this.resultsPanel = page.locator('#results-panel');
    this.signInDialog = page.getByRole('dialog', { name: 'Sign in to Clickwise' });
    this.widgetEmail = this.signInDialog.getByRole('textbox', { name: 'Email' });
  }

  async open(path = '/'): Promise<void> {
    await this.page.goto(`${clickwiseUrl}${path}`);
    // Hydrated: the page's scripts have taken over the form.
    await this.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  }

  async tryTerm(term: string): Promise<void> {
    await this.searchInput.fill(term);
    await this.estimateButton.click();
  }

  /** Asks for a magic link in the sign-in modal, then follows it from the dev outbox. */
  async signInByMagicLink(request: APIRequestContext, email: string): Promise<void> {
    await expect(this.signInDialog).toBeVisible();
    await this.widgetEmail.fill(email);
    await this.signInDialog.getByRole('button', { name: /continue with email/i }).click();
    await expect(this.signInDialog.getByRole('heading', { name: /check your email/i })).toBeVisible();
    const [message] = await waitForMessages(request, email, 1);
    const link = magicLinkIn(message!);
    expect(link.startsWith(`${clickwiseUrl}/user/authenticate?`)).toBe(true);
    await this.page.goto(link);
  }

  /** 'Continue with Google' in the sign-in modal; the browser leaves for the (fake) Google. */
  get googleButton(): Locator {
    return this.signInDialog.getByRole('button', { name: 'Continue with Google' });
  }

  /**
   * At "Google" — on a fresh clone the provider's development sign-in page — signs in as
   * `{login}@example.com`.
   */
  async signInAtGoogle(login: string): Promise<void> {
    const google = new DevSignInPage(this.page);
    await google.expectShown('Google');
    await google.signInAs(`${login}@example.com`, 'Clickwise Tester');
  }

  storedReturnLocation(): Promise<string | null> {
    return this.page.evaluate(() => window.localStorage.getItem('after_sign_in_location'));
  }
}
