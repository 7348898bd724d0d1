// Page object for the passkey-registration widget in the demo page's account panel.
import { expect, type Locator, type Page } from '@playwright/test';

export class PasskeyManager {
  readonly root: Locator;
  /** The widget's own title (h2): each screen has one. */
  readonly title: Locator;
  readonly startHeading: Locator;
  readonly createButton: Locator;
  readonly skipButton: Locator;
  readonly successHeading: Locator;
  readonly list: Locator;
  readonly rows: Locator;
  readonly setUpAnotherButton: Locator;
  readonly doneButton: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('#passkey-manager');
    this.title = this.root.getByRole('heading', { level: 2 });
    this.startHeading = this.root.getByRole('heading', { name: 'Set up a new Passkey' });
    this.createButton = this.root.getByRole('button', { name: 'Create a Passkey' });
    this.skipButton = this.root.getByRole('button', { name: 'Skip' });
    this.successHeading = this.root.getByRole('heading', { name: 'Passkey successfully created!' });
    this.list = this.root.getByRole('list', { name: 'Existing Passkeys' });
    this.rows = this.list.getByRole('listitem');
    this.setUpAnotherButton = this.root.getByRole('button', { name: 'Set up another Passkey' });
    this.doneButton = this.root.getByRole('button', { name: 'Done' });
    this.error = this.root.getByRole('alert');
  }

  row(name: string): Locator {
    return this.rows.filter({ hasText: name });
  }

  async names(): Promise<string[]> {
    return (await this.rows.locator('.lk-passkey-name').allTextContents()).map((n) => n.trim());
  }

  async expectNames(names: string[]): Promise<void> {
    await expect.poll(() => this.names()).toEqual(names);
  }

  async rename(from: string, to: string): Promise<void> {
    await this.root.getByRole('button', { name: `Rename ${from}`, exact: true }).click();
    const input = this.root.getByRole('textbox', { name: 'Passkey name' });
    await expect(input).toBeFocused();
    await input.fill(to);
    await input.press('Enter');
    await expect(input).toBeHidden();
  }
}
