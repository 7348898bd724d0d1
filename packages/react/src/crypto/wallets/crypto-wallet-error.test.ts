import { describe, expect, it } from 'vitest';
import { toScreenError } from '../../internal/to-screen-error.js';
import { CryptoWalletError } from './crypto-wallet-error.js';

describe('CryptoWalletError', () => {
  it('carries the step, its code, the spec §8 message and the wallet error as cause', () => {
    const cause = { code: 4001, message: 'User rejected the request.' };
    const connect = new CryptoWalletError('connect', cause);
    expect(connect).toBeInstanceOf(Error);
    expect(connect).toMatchObject({
      name: 'CryptoWalletError',
      step: 'connect',
      code: 'crypto_wallet_connect_failed',
      message: '[Error] Could not connect to wallet',
      cause,
    });
    expect(new CryptoWalletError('sign', cause)).toMatchObject({
      step: 'sign',
      code: 'crypto_wallet_sign_failed',
      message: '[Error] Could not sign message',
    });
  });

  it('becomes screen error data with its code and message', () => {
    expect(toScreenError(new CryptoWalletError('connect', null))).toEqual({
      code: 'crypto_wallet_connect_failed',
      message: '[Error] Could not connect to wallet',
    });
    expect(toScreenError(new CryptoWalletError('sign', null))).toEqual({
      code: 'crypto_wallet_sign_failed',
      message: '[Error] Could not sign message',
    });
  });
});
