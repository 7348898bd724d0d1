/** @module crypto/wallets/crypto-wallet-error — a wallet refused or failed to connect or sign. */

const MESSAGES = {
  connect: '[Error] Could not connect to wallet',
  sign: '[Error] Could not sign message',
} as const;

/**
 * Thrown by the wallet ceremonies. The message is the one spec §8 shows the host's onError; the
 * wallet's own error (a 4001 rejection, a throw) is the `cause`. toScreenError recognises it by
 * `name`, because it lives in the crypto chunk and `instanceof` cannot cross bundles.
 */
export class CryptoWalletError extends Error {
  override readonly name: 'CryptoWalletError' = 'CryptoWalletError';
  readonly step: 'connect' | 'sign';
  readonly code: 'crypto_wallet_connect_failed' | 'crypto_wallet_sign_failed';

  constructor(step: 'connect' | 'sign', cause: unknown) {
    super(MESSAGES[step], { cause });
    this.step = step;
    this.code = step === 'connect' ? 'crypto_wallet_connect_failed' : 'crypto_wallet_sign_failed';
  }
}
