// A Solana browser wallet for the e2e tests: a Phantom-style injected `window.solana` (and
// `window.phantom.solana`) whose ed25519 key pair lives in Node. The page only relays calls to
// Node through an exposed function, so every signature is a real ed25519 one, made here.
import { ed25519 } from '@noble/curves/ed25519.js';
import type { Page } from '@playwright/test';
import bs58 from 'bs58';
import { type HeldPrompt, type WalletError, type WalletPrompt, WalletPrompts } from './wallet-prompts.js';

/** The name the widget gives an injected wallet with `isPhantom`. */
export const SOLANA_WALLET_NAME = 'Phantom';
const BINDING = '__latchkeyTestSolanaWallet';

export interface SolanaWalletOptions {
  /** The 32-byte ed25519 secret key (default: a new one), e.g. to bring the same wallet to another page. */
  secretKey?: Uint8Array;
}

export interface SolanaTestWallet {
  /** The public key in base58, as Solana writes addresses. */
  readonly address: string;
  readonly secretKey: Uint8Array;
  /** Every message a site asked the wallet to sign, as UTF-8 text, oldest first. */
  readonly messages: string[];
  /** From now on the person refuses this pop-up (null: approves again). */
  refuse(prompt: WalletPrompt | null): void;
  /** The next time this pop-up opens, it stays open until released. */
  hold(prompt: WalletPrompt): HeldPrompt;
}

type WalletCall = { method: 'connect' } | { method: 'signMessage'; message: number[] };
type WalletAnswer = { ok: true; signature?: number[] } | { ok: false; error: WalletError };

/** Installs the wallet in `page` (before it navigates); it stays across navigations. */
export async function installSolanaWallet(
  page: Page,
  options: SolanaWalletOptions = {},
): Promise<SolanaTestWallet> {
  const secretKey = options.secretKey ?? ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(secretKey);
  const address = bs58.encode(publicKey);
  const prompts = new WalletPrompts();
  const messages: string[] = [];
  let connected = false;

  async function answer(call: WalletCall): Promise<WalletAnswer> {
    if (call.method === 'connect') {
      const refusal = await prompts.answer('connect');
      if (refusal) return { ok: false, error: refusal };
      connected = true;
      return { ok: true };
    }
    // Phantom signs only for a site it is connected to.
    if (!connected) return { ok: false, error: { code: 4100, message: 'The wallet is not connected.' } };
    const bytes = Uint8Array.from(call.message);
    messages.push(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    const refusal = await prompts.answer('sign');
    if (refusal) return { ok: false, error: refusal };
    return { ok: true, signature: Array.from(ed25519.sign(bytes, secretKey)) };
  }

  await page.exposeFunction(BINDING, answer);
  await page.addInitScript(
    ({ binding, address, publicKeyBytes }) => {
      type Relay = (
        call: { method: 'connect' } | { method: 'signMessage'; message: number[] },
      ) => Promise<
        { ok: true; signature?: number[] } | { ok: false; error: { code: number; message: string } }
      >;
      const relay = (call: Parameters<Relay>[0]) =>
        (window as unknown as Record<string, Relay>)[binding]!(call);
      const fail = (error: { code: number; message: string }) =>
        Object.assign(new Error(error.message), error);
      // The parts of @solana/web3.js's PublicKey that sites use.
      const publicKey = {
        toString: () => address,
        toBase58: () => address,
        toBytes: () => Uint8Array.from(publicKeyBytes),
        equals: (other: { toBase58(): string }) => other.toBase58() === address,
      };
      const solana = {
        isPhantom: true,
        isConnected: false,
        publicKey: null as typeof publicKey | null,
        async connect() {
          const answer = await relay({ method: 'connect' });
          if (!answer.ok) throw fail(answer.error);
          solana.isConnected = true;
          solana.publicKey = publicKey;
          return { publicKey };
        },
        async disconnect() {
          solana.isConnected = false;
          solana.publicKey = null;
        },
        async signMessage(message: Uint8Array, _display?: 'utf8' | 'hex') {
          const answer = await relay({ method: 'signMessage', message: Array.from(message) });
          if (!answer.ok) throw fail(answer.error);
          return { signature: Uint8Array.from(answer.signature ?? []), publicKey };
        },
        on: () => solana,
        off: () => solana,
        removeListener: () => solana,
      };
      Object.assign(window, { solana, phantom: { solana } });
    },
    { binding: BINDING, address, publicKeyBytes: Array.from(publicKey) },
  );

  return {
    address,
    secretKey,
    messages,
    refuse: (prompt) => prompts.refuse(prompt),
    hold: (prompt) => prompts.hold(prompt),
  };
}
