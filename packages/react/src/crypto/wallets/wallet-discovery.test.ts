import { describe, expect, it, vi } from 'vitest';
import { freshWindowsPerTest, type TestWindow } from '../../testing/fresh-window.js';
import { currentWallets, walletHandleOf, watchWallets } from './wallet-discovery.js';
import type { WalletOption } from './wallet-option.js';

const freshWindow = freshWindowsPerTest();

const ICON = 'data:image/svg+xml;base64,PHN2Zy8+';
const ethereumProvider = (flags: Record<string, boolean> = {}) => ({ request: vi.fn(), ...flags });

function announce(win: TestWindow, info: Record<string, unknown>, provider: object) {
  win.dispatchEvent(
    new win.CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
  );
}

/** An EIP-6963 wallet as extensions ship it: it announces on load and on every request. */
function installAnnouncingWallet(win: TestWindow, info: Record<string, unknown>, provider: object) {
  announce(win, info, provider);
  win.addEventListener('eip6963:requestProvider', () => announce(win, info, provider));
}

function standardWallet(name: string, overrides: Record<string, unknown> = {}) {
  return {
    version: '1.0.0',
    name,
    icon: ICON,
    chains: ['solana:mainnet', 'solana:devnet'],
    accounts: [],
    features: {
      'standard:connect': { version: '1.0.0', connect: vi.fn() },
      'solana:signMessage': { version: '1.0.0', signMessage: vi.fn() },
    },
    ...overrides,
  };
}

/** A wallet-standard wallet loaded before the app: it registers when the app says it is ready. */
function installReadyListeningWallet(win: TestWindow, wallet: object) {
  win.addEventListener('wallet-standard:app-ready', (event) => {
    (event as CustomEvent<{ register(...wallets: object[]): () => void }>).detail.register(wallet);
  });
}

/** A wallet-standard wallet loaded after the app: it dispatches register-wallet with a callback. */
function registerLate(win: TestWindow, ...wallets: object[]) {
  let unregister: (() => void) | undefined;
  const callback = ({ register }: { register(...w: object[]): () => void }) => {
    unregister = register(...wallets);
  };
  win.dispatchEvent(new win.CustomEvent('wallet-standard:register-wallet', { detail: callback }));
  return () => unregister?.();
}

const ids = (wallets: readonly WalletOption[]) => wallets.map((wallet) => wallet.id);

describe('watchWallets', () => {
  it('finds an EIP-6963 wallet that announced before discovery started, by re-requesting', () => {
    const win = freshWindow();
    const provider = ethereumProvider();
    installAnnouncingWallet(
      win,
      { uuid: 'u-1', name: 'MetaMask', icon: ICON, rdns: 'io.metamask' },
      provider,
    );
    const onChange = vi.fn();
    watchWallets(win, onChange);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith([
      { id: 'io.metamask', name: 'MetaMask', label: 'MetaMask', icon: ICON, type: 'ethereum' },
    ]);
    expect(walletHandleOf(win, 'io.metamask')).toEqual({ kind: 'ethereum', provider });
  });

  it('adds a wallet that announces later, with the uuid as id when there is no rdns', () => {
    const win = freshWindow();
    const onChange = vi.fn();
    watchWallets(win, onChange);
    expect(onChange).toHaveBeenLastCalledWith([]);
    announce(win, { uuid: 'u-2', name: 'Rabby', icon: ICON, rdns: '' }, ethereumProvider());
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange.mock.lastCall?.[0]).toMatchObject([{ id: 'u-2', name: 'Rabby', type: 'ethereum' }]);
  });

  it('dedupes announcements by provider object and ignores malformed ones', () => {
    const win = freshWindow();
    const provider = ethereumProvider();
    const onChange = vi.fn();
    watchWallets(win, onChange);
    announce(win, { uuid: 'a', name: 'One', rdns: 'one' }, provider);
    announce(win, { uuid: 'b', name: 'Again', rdns: 'again' }, provider);
    announce(win, { uuid: 'c', name: 'No request method', rdns: 'c' }, {});
    announce(win, { uuid: 'd', name: '', rdns: 'd' }, ethereumProvider());
    announce(win, { uuid: '', name: 'No id', rdns: '' }, ethereumProvider());
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(ids(currentWallets(win))).toEqual(['one']);
  });

  it('skips window.ethereum when that same provider was announced', () => {
    const win = freshWindow();
    const provider = ethereumProvider({ isMetaMask: true });
    win.ethereum = provider;
    installAnnouncingWallet(win, { uuid: 'u', name: 'MetaMask', rdns: 'io.metamask' }, provider);
    expect(ids(currentWallets(win))).toEqual(['io.metamask']);
  });

  it('shows window.ethereum, named from its flags, when it is not an announced provider', () => {
    const cases: [Record<string, boolean>, string][] = [
      [{ isMetaMask: true }, 'MetaMask'],
      [{ isCoinbaseWallet: true }, 'Coinbase Wallet'],
      [{ isBraveWallet: true, isMetaMask: true }, 'Brave Wallet'],
      [{}, 'Browser wallet'],
    ];
    for (const [flags, name] of cases) {
      const win = freshWindow();
      win.ethereum = ethereumProvider(flags);
      installAnnouncingWallet(win, { uuid: 'u', name: 'Other', rdns: 'other' }, ethereumProvider());
      expect(currentWallets(win)).toEqual([
        { id: 'other', name: 'Other', label: 'Other', icon: null, type: 'ethereum' },
        { id: 'injected:ethereum', name, label: name, icon: null, type: 'ethereum' },
      ]);
    }
  });

  it('drops window.ethereum once the same provider announces itself later', () => {
    const win = freshWindow();
    const provider = ethereumProvider({ isMetaMask: true });
    win.ethereum = provider;
    const onChange = vi.fn();
    watchWallets(win, onChange);
    expect(ids(onChange.mock.lastCall?.[0])).toEqual(['injected:ethereum']);
    announce(win, { uuid: 'u', name: 'MetaMask', rdns: 'io.metamask' }, provider);
    expect(ids(onChange.mock.lastCall?.[0])).toEqual(['io.metamask']);
  });

  it('registers wallet-standard wallets loaded before and after discovery as Solana wallets', () => {
    const win = freshWindow();
    const early = standardWallet('Solflare');
    installReadyListeningWallet(win, early);
    const onChange = vi.fn();
    watchWallets(win, onChange);
    expect(onChange.mock.lastCall?.[0]).toEqual([
      { id: 'wallet-standard:Solflare', name: 'Solflare', label: 'Solflare', icon: ICON, type: 'solana' },
    ]);
    const late = standardWallet('Backpack');
    const unregister = registerLate(win, late);
    expect(ids(onChange.mock.lastCall?.[0])).toEqual([
      'wallet-standard:Solflare',
      'wallet-standard:Backpack',
    ]);
    expect(walletHandleOf(win, 'wallet-standard:Backpack')).toEqual({
      kind: 'solana-standard',
      wallet: late,
    });
    unregister();
    expect(ids(onChange.mock.lastCall?.[0])).toEqual(['wallet-standard:Solflare']);
  });

  it('ignores wallet-standard wallets without a Solana chain, standard:connect or solana:signMessage', () => {
    const win = freshWindow();
    const onChange = vi.fn();
    watchWallets(win, onChange);
    const { features } = standardWallet('x');
    registerLate(
      win,
      standardWallet('Sui only', { chains: ['sui:mainnet'] }),
      standardWallet('No connect', { features: { 'solana:signMessage': features['solana:signMessage'] } }),
      standardWallet('No signMessage', { features: { 'standard:connect': features['standard:connect'] } }),
    );
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(currentWallets(win)).toEqual([]);
  });

  it('prefers window.phantom.solana over window.solana and names it from isPhantom', () => {
    const win = freshWindow();
    const injected = (flags: Record<string, boolean>) => ({
      connect: vi.fn(),
      signMessage: vi.fn(),
      ...flags,
    });
    const phantom = injected({ isPhantom: true });
    win.phantom = { solana: phantom };
    win.solana = injected({});
    expect(currentWallets(win)).toEqual([
      { id: 'injected:solana', name: 'Phantom', label: 'Phantom', icon: null, type: 'solana' },
    ]);
    expect(walletHandleOf(win, 'injected:solana')).toEqual({ kind: 'solana-injected', provider: phantom });

    const other = freshWindow();
    other.solana = injected({});
    expect(currentWallets(other)).toMatchObject([{ id: 'injected:solana', name: 'Solana wallet' }]);
  });

  it('skips the injected Solana provider when a wallet-standard wallet has its name', () => {
    const win = freshWindow();
    win.solana = { isPhantom: true, connect: vi.fn(), signMessage: vi.fn() };
    const onChange = vi.fn();
    watchWallets(win, onChange);
    expect(ids(onChange.mock.lastCall?.[0])).toEqual(['injected:solana']);
    registerLate(win, standardWallet('Phantom'));
    expect(ids(onChange.mock.lastCall?.[0])).toEqual(['wallet-standard:Phantom']);
  });

  it('lists sources in order and tells same-named wallets apart by type', () => {
    const win = freshWindow();
    win.solana = { connect: vi.fn(), signMessage: vi.fn() };
    installReadyListeningWallet(win, standardWallet('Phantom'));
    installAnnouncingWallet(
      win,
      { uuid: 'u', name: 'Phantom', icon: ICON, rdns: 'app.phantom' },
      ethereumProvider(),
    );
    win.ethereum = ethereumProvider({ isMetaMask: true });
    expect(currentWallets(win).map(({ id, label }) => [id, label])).toEqual([
      ['app.phantom', 'Phantom (Ethereum)'],
      ['injected:ethereum', 'MetaMask'],
      ['wallet-standard:Phantom', 'Phantom (Solana)'],
      ['injected:solana', 'Solana wallet'],
    ]);
  });

  it('keeps only data:image/ icons', () => {
    const win = freshWindow();
    watchWallets(win, () => {});
    const icons = [
      'https://wallet.example/icon.png',
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      42,
      ICON,
    ];
    for (const [i, icon] of icons.entries()) {
      announce(win, { uuid: `u${i}`, name: `W${i}`, icon, rdns: `w${i}` }, ethereumProvider());
    }
    registerLate(win, standardWallet('Remote icon', { icon: 'https://wallet.example/icon.svg' }));
    expect(currentWallets(win).map((wallet) => wallet.icon)).toEqual([null, null, null, null, ICON, null]);
  });

  it('stops calling back after unsubscribe, while other watchers still hear changes', () => {
    const win = freshWindow();
    const stopped = vi.fn();
    const still = vi.fn();
    const unsubscribe = watchWallets(win, stopped);
    watchWallets(win, still);
    unsubscribe();
    announce(win, { uuid: 'u', name: 'Late', rdns: 'late' }, ethereumProvider());
    expect(stopped).toHaveBeenCalledTimes(1);
    expect(still).toHaveBeenCalledTimes(2);
    expect(ids(still.mock.lastCall?.[0])).toEqual(['late']);
  });

  it('keeps one registry per window', () => {
    const first = freshWindow();
    const second = freshWindow();
    watchWallets(first, () => {});
    announce(first, { uuid: 'u', name: 'Only here', rdns: 'here' }, ethereumProvider());
    expect(ids(currentWallets(first))).toEqual(['here']);
    expect(currentWallets(second)).toEqual([]);
  });
});
