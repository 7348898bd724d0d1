import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WidgetConfig } from './config.js';
import { deferred } from './testing/deferred.js';
import { apiError, CRYPTO_AUTHENTICATED_RESULT, cryptoChallenge } from './testing/fake-client.js';
import {
  ADDRESSES,
  BRAVE,
  COINBASE,
  fakeWallets,
  METAMASK,
  PHANTOM,
  resetFakeWallets,
  walletRefused,
} from './testing/fake-wallets.js';
import { expectSignedIn, renderSignIn } from './testing/render-sign-in.js';

// The browser-wallet layer, faked: discovery lists what a test sets, connect and sign answer as told.
vi.mock('./crypto/crypto-wallets.js', async () =>
  (await import('./testing/fake-wallets.js')).fakeWalletModule(),
);

beforeEach(() => resetFakeWallets());

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const CONFIG: WidgetConfig = {
  products: ['crypto', 'emailMagicLinks'],
  sessionOptions: { sessionDurationMinutes: 45 },
};

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const follows = (a: Element, b: Element) =>
  Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('<SignIn> with crypto: Main', () => {
  it('shows a button per wallet found, up to three, then other wallet, after OAuth and before the divider', () => {
    resetFakeWallets([METAMASK, PHANTOM, COINBASE, BRAVE]);
    renderSignIn({
      ...CONFIG,
      products: ['oauth', 'crypto', 'emailMagicLinks'],
      oauthOptions: { providers: [{ type: 'google' }] },
    });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Continue with Google',
      'Continue with MetaMask',
      'Continue with Phantom',
      'Continue with Coinbase Wallet',
      'Continue with other wallet',
      'Continue with email',
    ]);
    expect(follows(button('Continue with other wallet'), screen.getByText('or'))).toBe(true);
    expect(screen.getAllByText('or')).toHaveLength(1);
    // The wallet's own icon is decorative (empty alt); without one, the generic mark is hidden.
    const icon = button('Continue with MetaMask').querySelector('img');
    expect(icon?.getAttribute('src')).toBe(METAMASK.icon);
    expect(icon?.getAttribute('alt')).toBe('');
    for (const name of ['Continue with Phantom', 'Continue with other wallet']) {
      const mark = button(name).querySelector('svg');
      expect(mark?.getAttribute('aria-hidden')).toBe('true');
      expect(button(name).querySelector('img')).toBeNull();
    }
    expect(button('Continue with Phantom').className).toContain('lk-button--secondary');
  });

  it('with crypto alone shows the wallet buttons without a divider', () => {
    renderSignIn({ products: ['crypto'] });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Continue with MetaMask',
      'Continue with Phantom',
      'Continue with other wallet',
    ]);
    expect(screen.queryByText('or')).toBeNull();
    expect(screen.queryByText(/not available/)).toBeNull();
  });

  it('shows no wallet buttons unless products has crypto', () => {
    renderSignIn({ products: ['emailMagicLinks'] });
    expect(screen.queryByRole('button', { name: /wallet|MetaMask/ })).toBeNull();
  });

  it('adds a wallet that announces itself later', async () => {
    resetFakeWallets([]);
    renderSignIn(CONFIG);
    expect(button('Continue with a crypto wallet')).toBeTruthy();
    act(() => fakeWallets.announce([PHANTOM]));
    expect(await screen.findByRole('button', { name: 'Continue with Phantom' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with a crypto wallet' })).toBeNull();
  });

  it('without a wallet offers one button that leads to the wallets to install, and back', async () => {
    resetFakeWallets([]);
    const { user, client } = renderSignIn(CONFIG);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Continue with a crypto wallet',
      'Continue with email',
    ]);
    await user.click(button('Continue with a crypto wallet'));
    expect(screen.getByRole('heading', { name: 'Set up a new crypto wallet' })).toBeTruthy();
    expect(screen.getByText('Choose a wallet to install, then come back to log in.')).toBeTruthy();
    const links = within(screen.getByRole('list', { name: 'Crypto wallets' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://vessel.app',
      'https://metamask.io/download',
      'https://phantom.com/download',
      'https://www.coinbase.com/wallet/downloads',
      'https://www.binance.com/en/web3wallet',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.querySelector('.lk-visually-hidden')?.textContent).toBe(' (opens in a new tab)');
    }
    expect(links[1]?.textContent).toBe('MetaMask (opens in a new tab)');
    await user.click(button('Back'));
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(fakeWallets.calls.connect).toEqual([]);
    expect(client.calls.cryptoStart).toEqual([]);
  });
});

describe('<SignIn> with crypto: other wallet', () => {
  it('lists every wallet found, signs in with the one picked, and offers the setup screen', async () => {
    resetFakeWallets([METAMASK, PHANTOM, COINBASE, BRAVE]);
    const { user, client } = renderSignIn(CONFIG);
    await user.click(button('Continue with other wallet'));
    expect(screen.getByRole('heading', { name: 'Continue with other wallet' })).toBeTruthy();
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Back',
      'Continue with MetaMask',
      'Continue with Phantom',
      'Continue with Coinbase Wallet',
      'Continue with Brave Wallet',
      'Set up a new crypto wallet',
    ]);
    await user.click(button('Set up a new crypto wallet'));
    expect(screen.getByRole('heading', { name: 'Set up a new crypto wallet' })).toBeTruthy();
    await user.click(button('Back'));
    await user.click(button('Continue with other wallet'));
    await user.click(button('Continue with Brave Wallet'));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(fakeWallets.calls.connect).toEqual([BRAVE.id]);
    expect(client.calls.cryptoStart[0]?.crypto_wallet_address).toBe(ADDRESSES[BRAVE.id]);
  });
});

describe('<SignIn> with crypto: signing in', () => {
  it('connects, fetches the challenge, has it signed and signs in, telling the host each step', async () => {
    const connect = deferred<{ address: string; chainId: number | null }>();
    const sign = deferred<string>();
    fakeWallets.connect = () => connect.promise;
    fakeWallets.sign = () => sign.promise;
    const { user, client, events, errors } = renderSignIn(CONFIG);
    await user.click(button('Continue with MetaMask'));

    expect(screen.getByRole('heading', { name: 'Connecting to your wallet...' })).toBeTruthy();
    expect(screen.getByText('Finish connecting in the MetaMask pop-up to continue.')).toBeTruthy();
    expect(document.querySelector('.lk-spinner--large')).toBeTruthy();
    expect(fakeWallets.calls.connect).toEqual([METAMASK.id]);

    connect.resolve({ address: ADDRESSES[METAMASK.id] ?? '', chainId: 137 });
    expect(await screen.findByRole('heading', { name: 'Completing signature request...' })).toBeTruthy();
    expect(screen.getByText('Sign the message in the MetaMask pop-up to finish logging in.')).toBeTruthy();
    // The wallet's chain goes along for SIWE (the client drops it when the project has SIWE off).
    expect(client.calls.cryptoStart).toEqual([
      {
        crypto_wallet_address: ADDRESSES[METAMASK.id],
        crypto_wallet_type: 'ethereum',
        siwe_params: { chain_id: 137 },
      },
    ]);
    await settle();
    expect(fakeWallets.calls.sign).toEqual([
      { walletId: METAMASK.id, address: ADDRESSES[METAMASK.id], message: cryptoChallenge(1).challenge },
    ]);
    expect(events).toEqual([{ type: 'CRYPTO_WALLET_AUTHENTICATE_START', data: cryptoChallenge(1) }]);

    sign.resolve('0xsignature');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('You have successfully connected your wallet.')).toBeTruthy();
    expect(client.calls.cryptoAuthenticate).toEqual([
      {
        crypto_wallet_address: ADDRESSES[METAMASK.id],
        crypto_wallet_type: 'ethereum',
        signature: '0xsignature',
        session_duration_minutes: 45,
      },
    ]);
    expectSignedIn(
      { client, events },
      'crypto',
      [
        { type: 'CRYPTO_WALLET_AUTHENTICATE_START', data: cryptoChallenge(1) },
        { type: 'CRYPTO_WALLET_AUTHENTICATE', data: CRYPTO_AUTHENTICATED_RESULT },
      ],
      CRYPTO_AUTHENTICATED_RESULT,
    );
    expect(errors).toEqual([]);
  });

  it('sends no SIWE chain for a Solana wallet, and the 30-minute session by default', async () => {
    const { user, client } = renderSignIn({ products: ['crypto'] });
    await user.click(button('Continue with Phantom'));
    await screen.findByRole('heading', { name: 'Success!' });
    expect(client.calls.cryptoStart).toEqual([
      { crypto_wallet_address: ADDRESSES[PHANTOM.id], crypto_wallet_type: 'solana' },
    ]);
    expect(client.calls.cryptoAuthenticate).toEqual([
      {
        crypto_wallet_address: ADDRESSES[PHANTOM.id],
        crypto_wallet_type: 'solana',
        signature: `sig:${PHANTOM.id}:${cryptoChallenge(1).challenge}`,
        session_duration_minutes: 30,
      },
    ]);
  });

  it('sends no SIWE chain when an Ethereum wallet does not tell its chain', async () => {
    fakeWallets.connect = async () => ({ address: ADDRESSES[METAMASK.id] ?? '', chainId: null });
    const { user, client } = renderSignIn(CONFIG);
    await user.click(button('Continue with MetaMask'));
    await screen.findByRole('heading', { name: 'Success!' });
    expect(client.calls.cryptoStart).toEqual([
      { crypto_wallet_address: ADDRESSES[METAMASK.id], crypto_wallet_type: 'ethereum' },
    ]);
  });
});

describe('<SignIn> with crypto: failures', () => {
  it('a refused connection ends on CryptoError, and onError gets the wallet error', async () => {
    const refusal = walletRefused('connect');
    fakeWallets.connect = () => Promise.reject(refusal);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, client, events, errors } = renderSignIn(CONFIG);
    await user.click(button('Continue with MetaMask'));
    expect(await screen.findByRole('heading', { name: 'Looks like there was an error!' })).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!',
    );
    expect(alert.textContent).toContain('[Error] Could not connect to wallet');
    expect(errors).toEqual([refusal]);
    expect((errors[0] as Error).message).toBe('[Error] Could not connect to wallet');
    expect(consoleError).toHaveBeenCalledWith('Latchkey: [Error] Could not connect to wallet', refusal);
    expect(client.calls.cryptoStart).toEqual([]);
    expect(events).toEqual([]);
    // Back to Main, without the error, ready for another try.
    await user.click(button('Back'));
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fakeWallets.connect = async () => ({ address: ADDRESSES[METAMASK.id] ?? '', chainId: 1 });
    await user.click(button('Continue with MetaMask'));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
  });

  it('a refused signature ends on CryptoError, and onError gets the wallet error', async () => {
    const refusal = walletRefused('sign');
    fakeWallets.sign = () => Promise.reject(refusal);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, client, events, errors } = renderSignIn(CONFIG);
    await user.click(button('Continue with Phantom'));
    expect(await screen.findByRole('heading', { name: 'Looks like there was an error!' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('[Error] Could not sign message');
    expect(errors).toEqual([refusal]);
    expect((errors[0] as Error).message).toBe('[Error] Could not sign message');
    expect(client.calls.cryptoAuthenticate).toEqual([]);
    expect(events).toEqual([{ type: 'CRYPTO_WALLET_AUTHENTICATE_START', data: cryptoChallenge(1) }]);
  });

  it('an API error ends on CryptoError with the provider’s message, and onError gets it', async () => {
    const failure = apiError(
      'wallet_verification_failed',
      'The wallet signature could not be verified. Start again and sign the new message.',
      401,
    );
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, events, errors } = renderSignIn(CONFIG, {
      cryptoAuthenticate: () => Promise.reject(failure),
    });
    await user.click(button('Continue with MetaMask'));
    expect(await screen.findByRole('heading', { name: 'Looks like there was an error!' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'The wallet signature could not be verified. Start again and sign the new message.',
    );
    expect(errors).toEqual([failure]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(events.map((e) => e.type)).toEqual(['CRYPTO_WALLET_AUTHENTICATE_START']);
  });

  it('a failed challenge request ends on CryptoError before any signature is asked for', async () => {
    const failure = apiError('too_many_requests', 'Too many requests.', 429);
    const { user, errors } = renderSignIn(CONFIG, { cryptoStart: () => Promise.reject(failure) });
    await user.click(button('Continue with MetaMask'));
    expect(await screen.findByRole('heading', { name: 'Looks like there was an error!' })).toBeTruthy();
    expect(errors).toEqual([failure]);
    expect(fakeWallets.calls.sign).toEqual([]);
  });
});

describe('<SignIn> with crypto: the back arrow while a pop-up is open', () => {
  it('leaves a connection that never answers, and ignores its late answer', async () => {
    const connect = deferred<{ address: string; chainId: number | null }>();
    fakeWallets.connect = () => connect.promise;
    const { user, client, events, errors } = renderSignIn(CONFIG);
    await user.click(button('Continue with MetaMask'));
    expect(screen.getByRole('heading', { name: 'Connecting to your wallet...' })).toBeTruthy();
    const back = button('Back');
    expect(back.disabled).toBe(false);
    await user.click(back);
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(button('Continue with MetaMask').disabled).toBe(false);

    // The wallet answers after all: no challenge is asked for, nobody is told.
    connect.resolve({ address: ADDRESSES[METAMASK.id] ?? '', chainId: 1 });
    await settle();
    expect(client.calls.cryptoStart).toEqual([]);
    expect(events).toEqual([]);
    expect(errors).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });

  it('ignores a late refusal of the pop-up it left, while a new attempt goes on', async () => {
    const first = deferred<{ address: string; chainId: number | null }>();
    const second = deferred<{ address: string; chainId: number | null }>();
    const pending = [first, second];
    fakeWallets.connect = () => pending.shift()?.promise ?? Promise.reject(new Error('unexpected'));
    const { user, errors } = renderSignIn(CONFIG);
    await user.click(button('Continue with MetaMask'));
    await user.click(button('Back'));
    await user.click(button('Continue with MetaMask'));
    first.reject(walletRefused('connect'));
    await settle();
    expect(screen.getByRole('heading', { name: 'Connecting to your wallet...' })).toBeTruthy();
    expect(errors).toEqual([]);
    second.resolve({ address: ADDRESSES[METAMASK.id] ?? '', chainId: 1 });
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
  });

  it('leaves a signature request, and the late signature signs nobody in', async () => {
    const sign = deferred<string>();
    fakeWallets.sign = () => sign.promise;
    const { user, client, events } = renderSignIn(CONFIG);
    await user.click(button('Continue with MetaMask'));
    await screen.findByRole('heading', { name: 'Completing signature request...' });
    await user.click(button('Back'));
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    sign.resolve('0xlate');
    await settle();
    expect(client.calls.cryptoAuthenticate).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(['CRYPTO_WALLET_AUTHENTICATE_START']);
  });
});
