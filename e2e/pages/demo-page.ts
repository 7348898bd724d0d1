// Page object for the demo host page: the integrator's account panel around the widget.
import { expect, type Locator, type Page } from '@playwright/test';
import { LoginWidget } from './login-widget.js';
import { PasswordScreens } from './password-screens.js';

export class DemoPage {
  readonly widget: LoginWidget;
  readonly account: Locator;
  readonly accountEmail: Locator;
  readonly expires: Locator;
  readonly extendButton: Locator;
  readonly logoutButton: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.widget = new LoginWidget(page);
    this.account = page.getByRole('region', { name: 'You are signed in' });
    this.accountEmail = page.locator('#account-email');
    this.expires = page.locator('#account-expires');
    this.extendButton = page.getByRole('button', { name: 'Extend session' });
    this.logoutButton = page.getByRole('button', { name: 'Log out' });
    this.status = page.locator('#status');
  }

  async open(): Promise<void> {
    await this.page.goto('/');
  }

  /** Opens `path` and signs up as `email` with `password` through Main's email form. */
  async signUpWithPassword(email: string, password: string, path = '/?login=passwords'): Promise<void> {
    await this.page.goto(path);
    await this.widget.continueWithEmail(email);
    await new PasswordScreens(this.page).create(password);
  }

  async expectSignedIn(email: string): Promise<void> {
    await expect(this.account).toBeVisible();
    await expect(this.accountEmail).toHaveText(email);
  }

  /** Signed out: no account panel, the widget is showing (on whichever screen it is). */
  async expectSignedOut(): Promise<void> {
    await expect(this.account).toBeHidden();
    await expect(this.widget.root.getByRole('heading').first()).toBeVisible();
  }

  /** Signed out and back at the start of the sign-in form. */
  async expectSignInForm(): Promise<void> {
    await this.expectSignedOut();
    await expect(this.widget.heading).toBeVisible();
  }

  async sessionExpiry(): Promise<number> {
    return Date.parse((await this.expires.getAttribute('datetime')) ?? '');
  }
}
