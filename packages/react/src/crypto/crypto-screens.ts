/**
 * @module crypto/crypto-screens — the crypto screens and Main's wallet buttons as one module, which
 * the standalone build turns into latchkey-crypto.js together with the wallet layer
 * (crypto-screens-script.tsx, load-crypto-wallets-script.ts).
 */

import { BACK_BUTTON_CSS } from '../theme/back-button-css.js';
import { BRAND_BUTTONS_CSS } from '../theme/brand-buttons-css.js';
import { CRYPTO_CSS } from '../theme/crypto-css.js';
import { addStyles } from '../theme/install-styles.js';

export { CryptoWalletButtons } from './crypto-wallet-buttons.js';
export { CryptoErrorScreen } from './screens/crypto-error-screen.js';
export { CryptoOtherScreen } from './screens/crypto-other-screen.js';
export { CryptoSetupWalletScreen } from './screens/crypto-setup-wallet-screen.js';
export { CryptoWaitScreen } from './screens/crypto-wait-screen.js';

// The screens' own rules, in place before they render (in the script-tag widget, when their file loads).
addStyles(BACK_BUTTON_CSS);
addStyles(BRAND_BUTTONS_CSS);
addStyles(CRYPTO_CSS);
