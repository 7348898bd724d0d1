/**
 * @module crypto/crypto-screens-script — the standalone bundle's stand-in for crypto-screens.ts:
 * Main's wallet buttons and each crypto screen load latchkey-crypto.js, then render the real one.
 * Only widgets with `crypto` in their products render any of them, so other pages never fetch it.
 */
import type { ComponentType, ReactElement } from 'react';
import { useChunk } from '../chunks/use-chunk.js';
import { ErrorMessage } from '../components/error-message.js';
import { Spinner } from '../components/spinner.js';
import type { ScreenOf } from '../machine/screen.js';
import { useWidget } from '../widget/widget-context.js';
import type * as CryptoScreens from './crypto-screens.js';

/** The file scripts/build-standalone.mjs writes crypto-screens.ts and the wallet layer to, next to the widget bundle. */
export const CRYPTO_SCRIPT_NAME = 'latchkey-crypto.js';

type Chunk = typeof CryptoScreens;

/** A component whose code is in the chunk: a spinner while it loads, the widget's error line if it cannot. */
function fromChunk<P extends object>(pick: (chunk: Chunk) => ComponentType<P>): ComponentType<P> {
  return function CryptoStandIn(props: P): ReactElement {
    const { t } = useWidget();
    const { chunk, failed } = useChunk<Chunk>(CRYPTO_SCRIPT_NAME);
    if (chunk) {
      const Component = pick(chunk);
      return <Component {...props} />;
    }
    if (failed) return <ErrorMessage>{t('crypto.unavailable')}</ErrorMessage>;
    return (
      <div className="lk-crypto-loading" aria-busy="true">
        <Spinner />
      </div>
    );
  };
}

/** Main's wallet buttons, from the chunk. */
export const CryptoWalletButtons: ComponentType<object> = fromChunk((chunk) => chunk.CryptoWalletButtons);

/** CryptoConnect, from the chunk. */
export const CryptoConnectScreen: ComponentType<{ screen: ScreenOf<'CryptoConnect'> }> = fromChunk(
  (chunk) => chunk.CryptoConnectScreen,
);

/** CryptoSignMessage, from the chunk. */
export const CryptoSignMessageScreen: ComponentType<{ screen: ScreenOf<'CryptoSignMessage'> }> = fromChunk(
  (chunk) => chunk.CryptoSignMessageScreen,
);

/** CryptoOtherScreen, from the chunk. */
export const CryptoOtherScreen: ComponentType<object> = fromChunk((chunk) => chunk.CryptoOtherScreen);

/** CryptoSetupWallet, from the chunk. */
export const CryptoSetupWalletScreen: ComponentType<object> = fromChunk(
  (chunk) => chunk.CryptoSetupWalletScreen,
);

/** CryptoError, from the chunk. */
export const CryptoErrorScreen: ComponentType<object> = fromChunk((chunk) => chunk.CryptoErrorScreen);
