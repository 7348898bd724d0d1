/**
 * @module crypto/wallets/wallet-handle — the shapes of the wallet objects pages inject, as far as the
 * ceremonies use them, and the guards that check an untrusted object has them.
 */

/** An EIP-1193 provider (EIP-6963 announcement or `window.ethereum`). */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  isMetaMask?: boolean;
  isCoinbaseWallet?: boolean;
  isBraveWallet?: boolean;
}

/** A wallet-standard account; `address` is base58 for Solana. */
export interface StandardWalletAccount {
  readonly address: string;
}

/** A wallet-standard wallet with the features the Solana ceremonies call. */
export interface StandardWallet {
  readonly name: string;
  readonly icon?: string;
  readonly chains: readonly string[];
  readonly accounts: readonly StandardWalletAccount[];
  readonly features: {
    'standard:connect': { connect(): Promise<{ accounts: readonly StandardWalletAccount[] }> };
    'solana:signMessage': {
      signMessage(
        ...inputs: { account: StandardWalletAccount; message: Uint8Array }[]
      ): Promise<readonly { signature: Uint8Array }[]>;
    };
  };
}

/** A Phantom-style injected Solana provider (`window.phantom.solana` / `window.solana`). */
export interface InjectedSolanaProvider {
  connect(): Promise<{ publicKey?: SolanaPublicKey } | undefined>;
  signMessage(message: Uint8Array, display: 'utf8'): Promise<{ signature: Uint8Array }>;
  publicKey?: SolanaPublicKey | null;
  isPhantom?: boolean;
}

/** A @solana/web3.js PublicKey, of which only the base58 forms are used. */
export interface SolanaPublicKey {
  toBase58?(): string;
  toString(): string;
}

/** What discovery keeps for each found wallet, so the ceremonies can reach it by id. */
export type WalletHandle =
  | { kind: 'ethereum'; provider: Eip1193Provider }
  | { kind: 'solana-standard'; wallet: StandardWallet }
  | { kind: 'solana-injected'; provider: InjectedSolanaProvider };

const isObject = (value: unknown): value is Record<string, unknown> =>
  (typeof value === 'object' || typeof value === 'function') && value !== null;

/** True for an object with an EIP-1193 `request` method. */
export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return isObject(value) && typeof value.request === 'function';
}

/**
 * True for a wallet-standard wallet that can sign in with Solana: a `solana:` chain, `standard:connect`
 * and `solana:signMessage` (contracts.md "Crypto wallets", Discovery).
 */
export function isSolanaStandardWallet(value: unknown): value is StandardWallet {
  if (!isObject(value) || typeof value.name !== 'string' || value.name === '') return false;
  const { chains, features } = value;
  if (
    !Array.isArray(chains) ||
    !chains.some((chain) => typeof chain === 'string' && chain.startsWith('solana:'))
  ) {
    return false;
  }
  if (!isObject(features)) return false;
  const connect = features['standard:connect'];
  const signMessage = features['solana:signMessage'];
  return (
    isObject(connect) &&
    typeof connect.connect === 'function' &&
    isObject(signMessage) &&
    typeof signMessage.signMessage === 'function'
  );
}

/** True for an object with the injected provider's `connect` and `signMessage` methods. */
export function isInjectedSolanaProvider(value: unknown): value is InjectedSolanaProvider {
  return isObject(value) && typeof value.connect === 'function' && typeof value.signMessage === 'function';
}
