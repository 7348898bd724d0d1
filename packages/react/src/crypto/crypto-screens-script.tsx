/**
 * @module crypto/crypto-screens-script — the standalone bundle's stand-in for crypto-screens.ts:
 * Main's wallet buttons and each crypto screen load latchkey-crypto.js, then render the real one.
 * Only widgets with `crypto` in their products render any of them, so other pages never fetch it.
 */
import type { ComponentType } from 'react';
import { type ChunkSource, fromChunk } from '../chunks/chunk-stand-in.js';
import type { ScreenOf } from '../machine/screen.js';
import type * as CryptoScreens from './crypto-screens.js';

/** The file scripts/build-standalone.mjs writes crypto-screens.ts and the wallet layer to, next to the widget bundle. */
export const CRYPTO_SCRIPT_NAME = 'latchkey-crypto.js';

type Chunk = typeof CryptoScreens;

const SOURCE: ChunkSource = {
  file: CRYPTO_SCRIPT_NAME,
  unavailable: 'crypto.unavailable',
  loadingClass: 'lk-crypto-loading',
};

/** Main's wallet buttons, from the chunk. */
export const CryptoWalletButtons: ComponentType<object> = fromChunk(
  SOURCE,
  (chunk: Chunk) => chunk.CryptoWalletButtons,
);

/** CryptoConnect and CryptoSignMessage, from the chunk. */
export const CryptoWaitScreen: ComponentType<{ screen: ScreenOf<'CryptoConnect' | 'CryptoSignMessage'> }> =
  fromChunk(SOURCE, (chunk: Chunk) => chunk.CryptoWaitScreen);

/** CryptoOtherScreen, from the chunk. */
export const CryptoOtherScreen: ComponentType<object> = fromChunk(
  SOURCE,
  (chunk: Chunk) => chunk.CryptoOtherScreen,
);

/** CryptoSetupWallet, from the chunk. */
export const CryptoSetupWalletScreen: ComponentType<object> = fromChunk(
  SOURCE,
  (chunk: Chunk) => chunk.CryptoSetupWalletScreen,
);

/** CryptoError, from the chunk. */
export const CryptoErrorScreen: ComponentType<object> = fromChunk(
  SOURCE,
  (chunk: Chunk) => chunk.CryptoErrorScreen,
);
