// An Ethereum browser wallet for the e2e tests: an EIP-1193 provider announced through EIP-6963
// and set as `window.ethereum`, whose key is a viem local account in Node. The page only relays
// requests to Node through an exposed function, so every signature is a real secp256k1 one, made here.
import type { Page } from '@playwright/test';
import { type Hex, hexToString, isAddressEqual, isHex, numberToHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { type HeldPrompt, type WalletError, type WalletPrompt, WalletPrompts } from './wallet-prompts.js';

export const ETHEREUM_WALLET_NAME = 'Latchkey Test Wallet';
const BINDING = '__latchkeyTestEthereumWallet';
const ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b4cca"/><path d="M16 5l-7 11 7 4 7-4z M16 22l-7-4 7 9 7-9z" fill="#fff"/></svg>',
).toString('base64')}`;

export interface EthereumWalletOptions {
  /** The key to sign with (default: a new one), e.g. to bring the same wallet to another page. */
  privateKey?: Hex;
  /** What `eth_chainId` answers (default 1, Ethereum mainnet). */
  chainId?: number;
}

export interface EthereumTestWallet {
  /** The account's address, in checksum form. */
  readonly address: Hex;
  readonly privateKey: Hex;
  /** Every message a site asked the wallet to sign, as text, oldest first. */
  readonly messages: string[];
  /** From now on the person refuses this pop-up (null: approves again). */
  refuse(prompt: WalletPrompt | null): void;
  /** The next time this pop-up opens, it stays open until released. */
  hold(prompt: WalletPrompt): HeldPrompt;
  /** From now on the wallet signs with another key (a broken or hostile wallet); false: its own again. */
  forge(on: boolean): void;
}

interface RpcRequest {
  method: string;
  params?: unknown;
}
type RpcAnswer = { result: unknown } | { error: WalletError };

/** Installs the wallet in `page` (before it navigates); it stays across navigations. */
export async function installEthereumWallet(
  page: Page,
  options: EthereumWalletOptions = {},
): Promise<EthereumTestWallet> {
  const privateKey = options.privateKey ?? generatePrivateKey();
  const account = privateKeyToAccount(privateKey);
  const chainId = numberToHex(options.chainId ?? 1);
  const prompts = new WalletPrompts();
  const messages: string[] = [];
  // Once approved, the wallet stays connected to the site, across reloads, as wallets do.
  let connected = false;
  let forger: ReturnType<typeof privateKeyToAccount> | null = null;

  async function answer({ method, params }: RpcRequest): Promise<RpcAnswer> {
    switch (method) {
      case 'eth_requestAccounts': {
        const refusal = await prompts.answer('connect');
        if (refusal) return { error: refusal };
        connected = true;
        return { result: [account.address] };
      }
      case 'eth_accounts':
        return { result: connected ? [account.address] : [] };
      case 'eth_chainId':
        return { result: chainId };
      case 'personal_sign': {
        const [message, address] = Array.isArray(params) ? params : [];
        // A wallet signs only for an account it connected to this site (EIP-1193 4100).
        if (!connected || typeof address !== 'string' || !isAddressEqual(address as Hex, account.address)) {
          return { error: { code: 4100, message: 'The requested account has not been authorized.' } };
        }
        if (typeof message !== 'string' || !isHex(message)) {
          return { error: { code: -32602, message: 'personal_sign expects a 0x-hex message.' } };
        }
        messages.push(hexToString(message));
        const refusal = await prompts.answer('sign');
        if (refusal) return { error: refusal };
        return { result: await (forger ?? account).signMessage({ message: { raw: message } }) };
      }
      default:
        return { error: { code: 4200, message: `The wallet does not support ${method}.` } };
    }
  }

  await page.exposeFunction(BINDING, answer);
  await page.addInitScript(
    ({ binding, info }) => {
      type Relay = (request: {
        method: string;
        params?: unknown;
      }) => Promise<{ result: unknown } | { error: { code: number; message: string } }>;
      const provider = {
        async request({ method, params }: { method: string; params?: unknown }) {
          const relay = (window as unknown as Record<string, Relay>)[binding]!;
          const answer = await relay({ method, params });
          if ('error' in answer) throw Object.assign(new Error(answer.error.message), answer.error);
          return answer.result;
        },
        on: () => provider,
        removeListener: () => provider,
      };
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
        );
      window.addEventListener('eip6963:requestProvider', announce);
      (window as unknown as { ethereum: unknown }).ethereum = provider;
      announce();
    },
    {
      binding: BINDING,
      info: {
        uuid: crypto.randomUUID(),
        name: ETHEREUM_WALLET_NAME,
        icon: ICON,
        rdns: 'dev.latchkey.test-wallet',
      },
    },
  );

  return {
    address: account.address,
    privateKey,
    messages,
    refuse: (prompt) => prompts.refuse(prompt),
    hold: (prompt) => prompts.hold(prompt),
    forge: (on) => {
      forger = on ? privateKeyToAccount(generatePrivateKey()) : null;
    },
  };
}
