// Page object for Clickwise, the marketing site: found by role and label, as a person would.
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { holdRequests } from '../support/hold-requests.js';
import { magicLinkIn, type OutboxMessage, waitForMessages } from '../support/outbox.js';
import { clickwiseUrl } from '../support/stack.js';
import { DevSignInPage } from './dev-sign-in-page.js';

export class ClickwiseSite {
  readonly searchInput: Locator;
  readonly estimateButton: Locator;
  readonly resultsPanel: Locator;
  readonly signInDialog: Locator;
  readonly widgetEmail: Locator;
  readonly headerSignIn: Locator;
  /** The banner of sample search terms under the hero. */
  readonly termsMarquee: Locator;

  constructor(readonly page: Page) {
    this.searchInput = page.getByRole('searchbox', { name: /try a search term/i });
    this.estimateButton = page.getByRole('button', { name: 'Estimate', exact: true });
    this.resultsPanel = page.locator('#results-panel');
    this.signInDialog = page.getByRole('dialog', { name: 'Sign in to Clickwise' });
    this.widgetEmail = this.signInDialog.getByRole('textbox', { name: 'Email' });
    this.headerSignIn = page.getByRole('banner').getByRole('button', { name: 'Sign in' });
    this.termsMarquee = page.getByRole('region', { name: 'Search terms people try' });
  }

  /** A sample term's button in the marquee (the copy that is read out and takes focus). */
  sampleTerm(term: string): Locator {
    return this.termsMarquee.getByRole('button', { name: `Estimate ${term}` });
  }

  /**
   * Holds estimate requests at the network until the returned function is called, so
   * the 'Estimating…' state can be seen; Clickwise's own server then answers them as usual.
   */
  async holdEstimates(): Promise<() => Promise<void>> {
    const release = await holdRequests(this.page, '**/estimate');
    // Once released, later estimates pass straight through.
    return async () => release();
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

  /**
   * Asks for a magic link in the sign-in modal, then follows it from the dev outbox; returns the
   * email. `earlierMessages`: how many messages `email` already had (the new one is the newest).
   */
  async signInByMagicLink(
    request: APIRequestContext,
    email: string,
    earlierMessages = 0,
  ): Promise<OutboxMessage> {
    await expect(this.signInDialog).toBeVisible();
    await this.widgetEmail.fill(email);
    await this.signInDialog.getByRole('button', { name: /continue with email/i }).click();
    await expect(this.signInDialog.getByRole('heading', { name: /check your email/i })).toBeVisible();
    const [message] = await waitForMessages(request, email, earlierMessages + 1);
    const link = magicLinkIn(message!);
    expect(link.startsWith(`${clickwiseUrl}/user/authenticate?`)).toBe(true);
    await this.page.goto(link);
    return message!;
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
