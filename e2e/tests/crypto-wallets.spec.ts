// A person signs in with a crypto wallet from the widget on the demo page: Ethereum (with and
// without Sign-In with Ethereum) and Solana, a refused pop-up, a forged signature, a pop-up left
// behind, and a browser with no wallet at all. The wallets are test wallets injected into the page
// (e2e/support/test-wallets) whose keys sign in Node; the provider, database and widget are real.
import type { APIRequestContext, Page } from '@playwright/test';
import { parseSiweMessage } from 'viem/siwe';
import { CryptoScreens, SETUP_WALLETS } from '../pages/crypto-screens.js';
import type { DemoPage } from '../pages/demo-page.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { test as demoTest, expect, snapshot } from '../support/fixtures.js';
import { keepWidgetAfterSignIn } from '../support/keep-widget-after-sign-in.js';
import { pageSession } from '../support/page-session.js';
import { type StackProject, sdkGetAsSession } from '../support/provider-api.js';
import { demoUrl } from '../support/stack.js';
import {
  ETHEREUM_WALLET_NAME,
  type EthereumTestWallet,
  installEthereumWallet,
  installSolanaWallet,
  SOLANA_WALLET_NAME,
  type SolanaTestWallet,
} from '../support/test-wallets/index.js';

const PAGES: Record<'dev' | 'siwe', string> = { dev: '/?login=crypto', siwe: '/?login=crypto&project=siwe' };
const ORIGIN = demoUrl;
const HOST = new URL(demoUrl).host;
const NONCE = '[A-Za-z0-9]{32}';
const TIME = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z';

type WalletType = 'ethereum' | 'solana';
const WALLET_NAMES: Record<WalletType, string> = {
  ethereum: ETHEREUM_WALLET_NAME,
  solana: SOLANA_WALLET_NAME,
};

/**
 * Each test's crypto screens, and the test wallet it names, installed before the page opens (a
 * wallet the test does not name is not installed).
 */
const test = demoTest.extend<{
  crypto: CryptoScreens;
  ethereum: EthereumTestWallet;
  solana: SolanaTestWallet;
}>({
  crypto: async ({ page }, use) => {
    await use(new CryptoScreens(page));
  },
  ethereum: async ({ page }, use) => {
    await use(await installEthereumWallet(page));
  },
  solana: async ({ page }, use) => {
    await use(await installSolanaWallet(page));
  },
});

/** Opens the project's page and presses the wallet's button on Main. */
async function pressWallet(
  crypto: CryptoScreens,
  project: keyof typeof PAGES,
  type: WalletType,
): Promise<void> {
  await crypto.page.goto(PAGES[project]);
  await crypto.walletButton(WALLET_NAMES[type]).click();
}

/**
 * Signed in for real: the page holds a session whose user the provider knows, with this wallet
 * (verified) as their only one; the demo shows that user. Returns the user id.
 */
async function expectSignedInWith(
  demo: DemoPage,
  request: APIRequestContext,
  project: StackProject,
  address: string,
  type: WalletType,
): Promise<string> {
  await expect(demo.account).toBeVisible();
  const session = await pageSession(demo.page);
  expect(session, 'the page holds a session').not.toBeNull();
  await expect(demo.page.locator('#account-user-id')).toHaveText(session!.userId);
  await expect(demo.page.locator('#account-wallets')).toContainText(address);
  const me = await sdkGetAsSession(request, '/users/me', session!.token, project);
  expect(me.user_id).toBe(session!.userId);
  expect(me.crypto_wallets).toEqual([
    {
      crypto_wallet_id: expect.stringMatching(/^crypto-wallet-test-[0-9a-f-]{36}$/),
      crypto_wallet_address: address,
      crypto_wallet_type: type,
      verified: true,
    },
  ]);
  return session!.userId;
}

async function expectNoSession(demo: DemoPage): Promise<void> {
  await expect(demo.account).toBeHidden();
  expect(await pageSession(demo.page)).toBeNull();
}

/** Presses the wallet's button on the screen shown; the wallet approves and the page signs in. */
async function pressWalletAndSignIn(...signIn: Parameters<typeof expectSignedInWith>): Promise<string> {
  const [demo, , , , type] = signIn;
  await new CryptoScreens(demo.page).walletButton(WALLET_NAMES[type]).click();
  return expectSignedInWith(...signIn);
}

/** Logs out from the demo's account panel: no session is left. */
async function logOut(demo: DemoPage): Promise<void> {
  await demo.logoutButton.click();
  await expectNoSession(demo);
}

/** The wallet's error screen with `message` in its alert, and no session on the page. */
async function expectWalletError(demo: DemoPage, message: string): Promise<void> {
  const crypto = new CryptoScreens(demo.page);
  await crypto.expectError();
  await expect(crypto.root.getByRole('alert')).toContainText(message);
  await expectNoSession(demo);
}

/** What the page logs as console errors from now on (the demo logs the widget's onError there). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/** Back from a wallet screen: the widget's Main is on screen again. */
async function backToMain(demo: DemoPage): Promise<void> {
  await new CryptoScreens(demo.page).backButton.click();
  await expect(demo.widget.heading).toBeVisible();
}

/** The nonce line of a challenge message. */
function nonceOf(message: string): string {
  return /\nNonce: (\S+)/.exec(message)?.[1] ?? '';
}

/** Expiration Time − Issued At, in minutes. */
function lifetimeMinutes(message: string): number {
  const issued = /\nIssued At: (\S+)/.exec(message)?.[1] ?? '';
  const expires = /\nExpiration Time: (\S+)/.exec(message)?.[1] ?? '';
  return (Date.parse(expires) - Date.parse(issued)) / 60_000;
}

/** Counts the page's POSTs to /crypto_wallets/authenticate (the signature going to the provider). */
function countAuthenticateCalls(page: Page): () => number {
  let count = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/crypto_wallets/authenticate'))
      count += 1;
  });
  return () => count;
}

test('Ethereum on the dev project: connect, sign, signed in; the same wallet later finds the same user', async ({
  demo,
  page,
  request,
  crypto,
  ethereum,
  // Installed for Main to offer it beside Ethereum.
  solana: _solana,
}) => {
  const walletButton = crypto.walletButton(ETHEREUM_WALLET_NAME);

  await test.step('Main offers each wallet found, then "other wallet", beside the email form', async () => {
    await page.goto(PAGES.dev);
    await expect(walletButton).toBeVisible();
    await expect(crypto.walletButton(SOLANA_WALLET_NAME)).toBeVisible();
    await expect(crypto.otherWalletButton).toBeVisible();
    await expect(demo.widget.emailInput).toBeVisible();
    await snapshot(page, '70-crypto-main');
    await expectNoAxeViolations(page);
  });

  let userId = '';
  await test.step('connect in the wallet pop-up, then sign: the session is real', async () => {
    const connect = ethereum.hold('connect');
    const sign = ethereum.hold('sign');
    await walletButton.click();
    await connect.reached;
    await crypto.expectConnecting(ETHEREUM_WALLET_NAME);
    await snapshot(page, '71-crypto-connect');
    await expectNoAxeViolations(page);
    connect.release();
    await sign.reached;
    await crypto.expectSigning(ETHEREUM_WALLET_NAME);
    await snapshot(page, '72-crypto-sign-message');
    await expectNoAxeViolations(page);
    sign.release();
    userId = await expectSignedInWith(demo, request, 'dev', ethereum.address, 'ethereum');
    await snapshot(page, '77-crypto-signed-in');
  });

  await test.step('without SIWE the wallet signs the plain Latchkey message for this origin', async () => {
    expect(ethereum.messages).toHaveLength(1);
    expect(ethereum.messages[0]).toMatch(
      new RegExp(
        `^${ORIGIN} asks you to sign in with your Ethereum account\\.\\n\\nWallet: ${ethereum.address}\\n` +
          `Nonce: ${NONCE}\\nIssued At: ${TIME}\\nExpiration Time: ${TIME}$`,
      ),
    );
    expect(lifetimeMinutes(ethereum.messages[0]!)).toBe(5);
  });

  await test.step('log out, sign in again with the same wallet: the same user, a fresh nonce', async () => {
    await logOut(demo);
    expect(await pressWalletAndSignIn(demo, request, 'dev', ethereum.address, 'ethereum')).toBe(userId);
    expect(ethereum.messages).toHaveLength(2);
    expect(nonceOf(ethereum.messages[1]!)).not.toBe(nonceOf(ethereum.messages[0]!));
  });
});

// The demo swaps the widget for its account panel the moment a session exists, so the widget's
// "Success!" never shows there; an integrator page that keeps the widget shows it.
test('the widget confirms the wallet sign-in on a page that keeps it on screen', async ({
  page,
  request,
  crypto,
  ethereum,
}) => {
  await keepWidgetAfterSignIn(page, ['crypto']);
  await pressWallet(crypto, 'dev', 'ethereum');
  await expect(crypto.successHeading).toBeVisible();
  await expect(crypto.successText).toBeVisible();
  await snapshot(page, '73-crypto-confirmation');
  await expectNoAxeViolations(page);
  const session = await pageSession(page);
  expect(session).not.toBeNull();
  const me = await sdkGetAsSession(request, '/users/me', session!.token);
  expect(me.user_id).toBe(session!.userId);
  expect(me.crypto_wallets).toMatchObject([
    { crypto_wallet_address: ethereum.address, crypto_wallet_type: 'ethereum' },
  ]);
});

test('Ethereum on a SIWE project: the wallet signs an EIP-4361 message for the demo host', async ({
  demo,
  request,
  crypto,
  ethereum,
}) => {
  await pressWallet(crypto, 'siwe', 'ethereum');
  const userId = await expectSignedInWith(demo, request, 'siwe', ethereum.address, 'ethereum');

  expect(ethereum.messages).toHaveLength(1);
  const message = ethereum.messages[0]!;
  expect(message).toContain('Chain ID: 1');
  expect(message).toMatch(new RegExp(`\\nNonce: ${NONCE}\\n`));
  expect(message.startsWith(`http://${HOST} wants you to sign in with your Ethereum account:\n`)).toBe(true);
  const siwe = parseSiweMessage(message);
  expect(siwe).toMatchObject({
    scheme: 'http',
    domain: HOST,
    address: ethereum.address,
    statement: 'Sign in with your Ethereum account.',
    uri: ORIGIN,
    version: '1',
    chainId: 1,
  });
  expect(siwe.expirationTime!.getTime() - siwe.issuedAt!.getTime()).toBe(5 * 60_000);

  await logOut(demo);
  expect(await pressWalletAndSignIn(demo, request, 'siwe', ethereum.address, 'ethereum')).toBe(userId);
  expect(parseSiweMessage(ethereum.messages[1]!).nonce).not.toBe(siwe.nonce);
});

test('on a SIWE project the message names the chain the wallet is on', async ({
  demo,
  page,
  request,
  crypto,
}) => {
  const ethereum = await installEthereumWallet(page, { chainId: 10 });
  await pressWallet(crypto, 'siwe', 'ethereum');
  await expectSignedInWith(demo, request, 'siwe', ethereum.address, 'ethereum');
  expect(parseSiweMessage(ethereum.messages[0]!).chainId).toBe(10);
});

for (const project of ['dev', 'siwe'] as const) {
  test(`Solana on the ${project} project: signs the Sign-In With Solana text; again, the same user`, async ({
    demo,
    request,
    crypto,
    solana,
  }) => {
    await pressWallet(crypto, project, 'solana');
    const userId = await expectSignedInWith(demo, request, project, solana.address, 'solana');

    // SIWE is for Ethereum only: a SIWE project sends Solana wallets the same text.
    expect(solana.messages).toHaveLength(1);
    expect(solana.messages[0]).toMatch(
      new RegExp(
        `^${HOST} wants you to sign in with your Solana account:\\n${solana.address}\\n\\n` +
          `Sign in with your Solana account\\.\\n\\nURI: ${ORIGIN}\\nVersion: 1\\nChain ID: mainnet\\n` +
          `Nonce: ${NONCE}\\nIssued At: ${TIME}\\nExpiration Time: ${TIME}$`,
      ),
    );
    expect(lifetimeMinutes(solana.messages[0]!)).toBe(5);

    await logOut(demo);
    expect(await pressWalletAndSignIn(demo, request, project, solana.address, 'solana')).toBe(userId);
    expect(nonceOf(solana.messages[1]!)).not.toBe(nonceOf(solana.messages[0]!));
  });
}

test('a wallet that refuses to connect leads to the error screen, and back to Main', async ({
  demo,
  page,
  crypto,
  ethereum,
}) => {
  const errors = consoleErrors(page);
  ethereum.refuse('connect');
  await pressWallet(crypto, 'dev', 'ethereum');
  await expectWalletError(demo, '[Error] Could not connect to wallet');
  await snapshot(page, '74-crypto-error');
  await expectNoAxeViolations(page);
  expect(ethereum.messages).toEqual([]);
  // The demo logs the widget's onError: the spec's wallet error.
  expect(errors.join('\n')).toContain('[Error] Could not connect to wallet');

  await backToMain(demo);
  await expect(crypto.walletButton(ETHEREUM_WALLET_NAME)).toBeVisible();
});

test('a wallet that refuses to sign leads to the error screen with no session; then it signs', async ({
  demo,
  page,
  request,
  crypto,
  ethereum,
}) => {
  const errors = consoleErrors(page);
  const authenticateCalls = countAuthenticateCalls(page);
  ethereum.refuse('sign');
  await pressWallet(crypto, 'dev', 'ethereum');
  await expectWalletError(demo, '[Error] Could not sign message');
  expect(ethereum.messages).toHaveLength(1);
  expect(authenticateCalls()).toBe(0);
  expect(errors.join('\n')).toContain('[Error] Could not sign message');

  await backToMain(demo);
  ethereum.refuse(null);
  await pressWalletAndSignIn(demo, request, 'dev', ethereum.address, 'ethereum');
});

test('a signature by another key is refused by the provider: the error screen, no session', async ({
  demo,
  page,
  crypto,
  ethereum,
}) => {
  const authenticateCalls = countAuthenticateCalls(page);
  const refusals: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.endsWith('/crypto_wallets/authenticate')) refusals.push(r.status());
  });
  ethereum.forge(true);
  await pressWallet(crypto, 'dev', 'ethereum');
  await expectWalletError(demo, 'The wallet signature could not be verified.');
  expect(authenticateCalls()).toBe(1);
  expect(refusals).toEqual([401]);
});

test('back while the wallet pop-up is open: Main at once, and the late signature is ignored', async ({
  demo,
  page,
  request,
  crypto,
  solana,
}) => {
  const authenticateCalls = countAuthenticateCalls(page);
  const sign = solana.hold('sign');
  await pressWallet(crypto, 'dev', 'solana');
  await sign.reached;
  await crypto.expectSigning(SOLANA_WALLET_NAME);
  await backToMain(demo);
  sign.release();

  // A fresh attempt signs in; the abandoned signature never reached the provider.
  await pressWalletAndSignIn(demo, request, 'dev', solana.address, 'solana');
  expect(solana.messages).toHaveLength(2);
  expect(authenticateCalls()).toBe(1);
});

test('"Continue with other wallet" lists every wallet and the setup link', async ({
  demo,
  page,
  request,
  crypto,
  // Installed too: the list shows every wallet the browser holds.
  ethereum: _ethereum,
  solana,
}) => {
  await page.goto(PAGES.dev);
  await crypto.otherWalletButton.click();
  await expect(crypto.otherHeading).toBeVisible();
  await expect(crypto.walletButton(ETHEREUM_WALLET_NAME)).toBeVisible();
  await expect(crypto.walletButton(SOLANA_WALLET_NAME)).toBeVisible();
  await expect(crypto.setupButton).toBeVisible();
  await snapshot(page, '75-crypto-other');
  await expectNoAxeViolations(page);

  await crypto.setupButton.click();
  await expect(crypto.setupHeading).toBeVisible();
  await crypto.backButton.click();
  await expect(crypto.setupHeading).toBeHidden();

  // Whichever screen the back arrow led to, Phantom signs in from the other-wallet list.
  if (await crypto.otherWalletButton.isVisible()) await crypto.otherWalletButton.click();
  await pressWalletAndSignIn(demo, request, 'dev', solana.address, 'solana');
});

test('with no wallet installed, Main offers to set one up, with outbound links', async ({
  demo,
  page,
  crypto,
}) => {
  await page.goto(PAGES.dev);
  await expect(crypto.anyWalletButton).toBeVisible();
  await expect(crypto.otherWalletButton).toHaveCount(0);
  await snapshot(page, '78-crypto-main-no-wallet');

  await crypto.anyWalletButton.click();
  await expect(crypto.setupHeading).toBeVisible();
  for (const [i, name] of SETUP_WALLETS.entries()) {
    const link = crypto.setupLinks.nth(i);
    await expect(link).toContainText(name);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /^https:\/\//);
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  await expect(crypto.setupLinks).toHaveCount(SETUP_WALLETS.length);
  await snapshot(page, '76-crypto-setup-wallet');
  await expectNoAxeViolations(page);

  await test.step('a link opens its site in a new tab, without a handle on this page', async () => {
    const link = crypto.setupLinks.filter({ hasText: 'MetaMask' });
    const href = (await link.getAttribute('href')) ?? '';
    // No internet here: the wallet's site is a stand-in page.
    await page
      .context()
      .route(`${new URL(href).origin}/**`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Wallet site</title>' }),
      );
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(href);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();
    await expect(crypto.setupHeading).toBeVisible();
  });

  await backToMain(demo);
  await expect(crypto.anyWalletButton).toBeVisible();
});
