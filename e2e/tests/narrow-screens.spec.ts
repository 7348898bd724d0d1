// Issue 17 item 7: on a 320 px or 360 px phone the widget and the demo page fit the screen. Every
// widget screen the demo page can reach is walked at both widths, and on each neither the document
// nor the widget's root scrolls sideways, and its small controls (Back, icon buttons, the
// watermark link) are 44 px targets. Screenshots of each go to .tmp/e2e-screenshots/narrow-*.
import type { Page } from '@playwright/test';
import { CryptoScreens } from '../pages/crypto-screens.js';
import { MfaStep } from '../pages/mfa-screens.js';
import { OtpScreen } from '../pages/otp-screen.js';
import { PasskeyManager } from '../pages/passkey-manager.js';
import { PasswordScreens } from '../pages/password-screens.js';
import { expectFitsWidth, PHONE_WIDTHS } from '../support/fits-width.js';
import { expect, snapshot, test } from '../support/fixtures.js';
import { keepWidgetAfterSignIn } from '../support/keep-widget-after-sign-in.js';
import { magicLinkIn, passcodeIn, resetLinkIn, uniqueEmail, waitForMessages } from '../support/outbox.js';
import { sdkPost } from '../support/provider-api.js';
import { signUpWithPasswordBreachedSince } from '../support/range-api.js';
import { expectTargetsAtLeast44 } from '../support/target-size.js';
import {
  ETHEREUM_WALLET_NAME,
  installEthereumWallet,
  installSolanaWallet,
} from '../support/test-wallets/index.js';
import { totpCode, wrongTotpCode } from '../support/totp.js';
import { VirtualAuthenticator } from '../support/virtual-authenticator.js';

const STRONG = 'violet kettle marching sideways';

for (const width of PHONE_WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 760 } });

    /** Asserts the screen fits, its small controls are 44 px targets, and keeps a screenshot of it. */
    const fits = async (page: Page, screen: string): Promise<void> => {
      await expectFitsWidth(page, `${screen} at ${width} px`);
      await expectTargetsAtLeast44(page, `${screen} at ${width} px`);
      await snapshot(page, `narrow-${width}-${screen}`);
    };

    test('Main in every setup, the email and phone codes, and the link-sent screen', async ({
      demo,
      page,
      request,
    }) => {
      const otp = new OtpScreen(page);
      await test.step('Main: phone tabs and the email tab', async () => {
        await demo.open();
        await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByLabel('Phone number')).toBeVisible();
        await fits(page, 'main-text');
        await page.getByRole('tab', { name: 'WhatsApp' }).click();
        await fits(page, 'main-whatsapp');
        await demo.widget.openEmailTab();
        await fits(page, 'main-email');
      });

      await test.step('Main with passwords, passkeys, OAuth and passcodes only', async () => {
        for (const setup of ['passwords', 'passkeys', 'oauth', 'codes']) {
          await page.goto(`/?login=${setup}`);
          await expect(demo.widget.heading).toBeVisible();
          await fits(page, `main-${setup}`);
        }
      });

      await test.step('the magic link sent, with its inbox shortcuts', async () => {
        await demo.open();
        await demo.widget.requestMagicLink(uniqueEmail('narrow-link'));
        await expect(page.getByRole('link', { name: /gmail/i })).toBeVisible();
        await fits(page, 'email-sent');
      });
      await test.step('the passcode screen, a wrong code, then the confirmation', async () => {
        const email = uniqueEmail('narrow-otp');
        await keepWidgetAfterSignIn(page, ['otp'], { otpOptions: { methods: ['email'] } });
        await page.goto('/?login=codes');
        await demo.widget.openEmailTab();
        await demo.widget.continueWithEmail(email);
        await otp.expectShown();
        await fits(page, 'otp-entry');
        const code = passcodeIn((await waitForMessages(request, email, 1))[0]!);
        await otp.type(code === '000000' ? '111111' : '000000');
        await expect(otp.error).toBeVisible();
        await fits(page, 'otp-wrong-code');
        await otp.type(code);
        await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
        await fits(page, 'otp-success');
        await page.unrouteAll();
      });
    });

    test('the password screens: create, LUDS, log in, forgot, reset, set new, dedupe, success', async ({
      demo,
      page,
      request,
    }) => {
      const passwords = new PasswordScreens(page);
      const startWith = async (email: string, query = '?login=passwords') => {
        await page.goto(`/${query}`);
        await demo.widget.continueWithEmail(email);
      };

      await test.step('create, with the strength meter and with the LUDS checklist', async () => {
        await startWith(uniqueEmail('narrow-new'));
        await expect(passwords.createHeading).toBeVisible();
        await passwords.passwordInput.fill('password');
        await passwords.expectMeter(['weak', null, null, null]);
        await fits(page, 'password-create');
        await startWith(uniqueEmail('narrow-luds'), '?login=passwords&project=luds');
        await passwords.passwordInput.fill('Short1');
        await expect(passwords.checklistItems).toHaveCount(2);
        await fits(page, 'password-luds');
      });

      await test.step('log in with a wrong password, then forgot, then the reset form', async () => {
        const email = uniqueEmail('narrow-old');
        await sdkPost(request, '/passwords', { email, password: STRONG, session_duration_minutes: 30 });
        await startWith(email);
        await passwords.logIn('not my password at all');
        await expect(passwords.error).toBeVisible();
        await fits(page, 'password-login-wrong');
        await passwords.forgotButton.click();
        await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
        await fits(page, 'password-forgot');
        const [message] = await waitForMessages(request, email, 1);
        await page.goto(resetLinkIn(message!));
        await expect(passwords.resetHeading).toBeVisible();
        await fits(page, 'password-reset-form');
      });

      await test.step('a passwordless account: the link sent, then "Check your email!"', async () => {
        const email = uniqueEmail('narrow-nopw');
        await sdkPost(request, '/magic_links/email/login_or_create', { email });
        await startWith(email);
        await expect(demo.widget.checkEmailHeading).toBeVisible();
        await fits(page, 'password-passwordless');
        await page.getByRole('button', { name: 'Create a password instead' }).click();
        await expect(page.getByRole('heading', { name: 'Check your email!' })).toBeVisible();
        await fits(page, 'password-set-new');
      });

      await test.step('an address registered meanwhile: the dedupe check', async () => {
        const email = uniqueEmail('narrow-dup');
        await startWith(email);
        await expect(passwords.createHeading).toBeVisible();
        await sdkPost(request, '/magic_links/email/login_or_create', { email });
        await passwords.passwordInput.fill(STRONG);
        await expect(passwords.continueButton).toBeEnabled();
        await passwords.continueButton.click();
        await expect(
          page.getByRole('heading', { name: 'Check your email to set a new password!' }),
        ).toBeVisible();
        await fits(page, 'password-dedupe');
      });

      await test.step('a password found in a breach since: the breached screen', async () => {
        const email = uniqueEmail('narrow-leak');
        const leaked = `copper ${Date.now().toString(36)} walrus ${width}`;
        await signUpWithPasswordBreachedSince(request, email, leaked);
        await startWith(email);
        await passwords.logIn(leaked);
        await expect(
          page.getByRole('heading', { name: 'Check your email to set a new password', exact: true }),
        ).toBeVisible();
        await fits(page, 'password-breached');
      });

      await test.step('the confirmation, on a page that keeps the widget', async () => {
        await keepWidgetAfterSignIn(page, ['passwords']);
        await demo.signUpWithPassword(uniqueEmail('narrow-done'), STRONG, '/');
        await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
        await fits(page, 'password-success');
      });
    });

    test('the account panel and its passkey manager: start, list, rename, delete', async ({
      demo,
      page,
      request,
    }) => {
      const email = uniqueEmail('narrow-pk');
      const passkeys = new PasskeyManager(page);
      await VirtualAuthenticator.attach(page);
      await page.goto('/?login=passkeys');
      await demo.widget.requestMagicLink(email);
      await page.goto(magicLinkIn((await waitForMessages(request, email))[0]!));
      await demo.expectSignedIn(email);

      await expect(passkeys.startHeading).toBeVisible();
      await fits(page, 'passkey-start');
      await passkeys.createButton.click();
      await expect(passkeys.rows).toHaveCount(1);
      await fits(page, 'passkey-list');
      await passkeys.root.getByRole('button', { name: /^Rename / }).click();
      await expect(passkeys.root.getByRole('textbox', { name: 'Passkey name' })).toBeFocused();
      await fits(page, 'passkey-rename');
      await passkeys.root.getByRole('textbox', { name: 'Passkey name' }).press('Escape');
      await passkeys.root.getByRole('button', { name: /^Delete / }).click();
      await expect(passkeys.root.getByText('Once deleted, the passkey cannot be restored.')).toBeVisible();
      await fits(page, 'passkey-delete');
    });

    test('the authenticator app: set-up in the account panel, and the widget’s MFA step', async ({
      demo,
      page,
      request,
    }) => {
      const email = uniqueEmail('narrow-mfa');
      const mfa = new MfaStep(page);
      await demo.signUpWithPassword(email, STRONG, '/?login=passwords&project=mfa');
      await expect(mfa.enrolHeading).toBeVisible();
      await expect(mfa.recoveryCodes).toHaveCount(10);
      await fits(page, 'mfa-enrol');
      const secret = await mfa.secret();
      await mfa.typeCode(await wrongTotpCode(request, secret));
      await expect(mfa.error).toBeVisible();
      await fits(page, 'mfa-wrong-code');
      await mfa.typeCode(await totpCode(request, secret));
      await demo.expectSignedIn(email);
      await fits(page, 'account-panel');
    });

    test('the crypto screens: wallets, other wallet, set-up links, connecting, error, success', async ({
      page,
    }) => {
      const crypto = new CryptoScreens(page);
      const ethereum = await installEthereumWallet(page);
      await installSolanaWallet(page);
      await keepWidgetAfterSignIn(page, ['crypto', 'emailMagicLinks']);
      await page.goto('/?login=crypto');
      await expect(crypto.walletButton(ETHEREUM_WALLET_NAME)).toBeVisible();
      await fits(page, 'crypto-main');

      await crypto.otherWalletButton.click();
      await expect(crypto.otherHeading).toBeVisible();
      await fits(page, 'crypto-other');
      await crypto.setupButton.click();
      await expect(crypto.setupHeading).toBeVisible();
      // Each wallet's own logo beside its name, Vessel (none published) with the generic mark.
      await expect(crypto.setupLinks.locator('svg[data-lk-wallet-logo]')).toHaveCount(4);
      await fits(page, 'crypto-setup');
      await page.reload();

      const connect = ethereum.hold('connect');
      await crypto.walletButton(ETHEREUM_WALLET_NAME).click();
      await connect.reached;
      await crypto.expectConnecting(ETHEREUM_WALLET_NAME);
      await fits(page, 'crypto-connecting');
      ethereum.refuse('connect');
      connect.release();
      await crypto.expectError();
      await fits(page, 'crypto-error');

      ethereum.refuse(null);
      await crypto.backButton.click();
      await crypto.walletButton(ETHEREUM_WALLET_NAME).click();
      await expect(crypto.successHeading).toBeVisible();
      await fits(page, 'crypto-success');
    });
  });
}

// A 1280 px window at 200 % zoom lays the page out 640 CSS px wide, with two device pixels to each.
test.describe('at 200 % zoom', () => {
  test.use({ viewport: { width: 640, height: 450 }, deviceScaleFactor: 2 });

  test('Main fits, on the phone tab and the email tab', async ({ demo, page }) => {
    await demo.open();
    await expect(page.getByLabel('Phone number')).toBeVisible();
    await expectFitsWidth(page, 'Main at 200 % zoom');
    await snapshot(page, 'zoom-200-main-text');
    await demo.widget.openEmailTab();
    await expectFitsWidth(page, 'Main (email) at 200 % zoom');
  });
});
