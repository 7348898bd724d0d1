// Page object for the widget's crypto-wallet screens: Main's wallet buttons, the connect and sign
// steps, the confirmation, the error, the other-wallet list and the wallet setup links.
import { expect, type Locator, type Page } from '@playwright/test';

/** The wallets the setup screen links to, in order (spec §2). */
export const SETUP_WALLETS = ['Vessel', 'MetaMask', 'Phantom', 'Coinbase Wallet', 'Binance Wallet'] as const;

export class CryptoScreens {
  readonly root: Locator;
  readonly backButton: Locator;
  readonly otherWalletButton: Locator;
  readonly anyWalletButton: Locator;
  readonly connectHeading: Locator;
  readonly signHeading: Locator;
  readonly successHeading: Locator;
  readonly successText: Locator;
  readonly errorHeading: Locator;
  readonly errorText: Locator;
  readonly otherHeading: Locator;
  readonly setupHeading: Locator;
  readonly setupButton: Locator;
  readonly setupLinks: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('#login');
    this.backButton = this.root.getByRole('button', { name: 'Back', exact: true });
    this.otherWalletButton = this.root.getByRole('button', { name: 'Continue with other wallet' });
    this.anyWalletButton = this.root.getByRole('button', { name: 'Continue with a crypto wallet' });
    this.connectHeading = this.root.getByRole('heading', { name: 'Connecting to your wallet...' });
    this.signHeading = this.root.getByRole('heading', { name: 'Completing signature request...' });
    this.successHeading = this.root.getByRole('heading', { name: 'Success!' });
    this.successText = this.root.getByText('You have successfully connected your wallet.');
    this.errorHeading = this.root.getByRole('heading', { name: 'Looks like there was an error!' });
    this.errorText = this.root.getByText(
      'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!',
    );
    this.otherHeading = this.root.getByRole('heading', { name: 'Continue with other wallet' });
    this.setupHeading = this.root.getByRole('heading', { name: 'Set up a new crypto wallet' });
    this.setupButton = this.root.getByRole('button', { name: 'Set up a new crypto wallet' });
    this.setupLinks = this.root.getByRole('list', { name: 'Crypto wallets' }).getByRole('link');
  }

  /** Main's (or the other-wallet screen's) button for one wallet. */
  walletButton(name: string): Locator {
    return this.root.getByRole('button', { name: `Continue with ${name}`, exact: true });
  }

  /** The screen that asks the person to finish in the named wallet's pop-up. */
  async expectConnecting(wallet: string): Promise<void> {
    await expect(this.connectHeading).toBeVisible();
    await expect(this.root.getByText(`Finish connecting in the ${wallet} pop-up to continue.`)).toBeVisible();
  }

  async expectSigning(wallet: string): Promise<void> {
    await expect(this.signHeading).toBeVisible();
    await expect(
      this.root.getByText(`Sign the message in the ${wallet} pop-up to finish logging in.`),
    ).toBeVisible();
  }

  async expectError(): Promise<void> {
    await expect(this.errorHeading).toBeVisible();
    await expect(this.errorText).toBeVisible();
  }
}
