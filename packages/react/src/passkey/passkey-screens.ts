/**
 * @module passkey/passkey-screens — the passkey-registration mode's screens as one module, which
 * the standalone build turns into latchkey-passkey-registration.js (passkey-screens-script.tsx).
 */
import { addStyles } from '../theme/install-styles.js';
import { PASSKEY_CSS } from '../theme/passkey-css.js';

export { PasskeyStartScreen } from '../screens/passkey-start-screen.js';
export { PasskeySuccessScreen } from '../screens/passkey-success-screen.js';

// The list's own rules, in place before it renders (in the script-tag widget, when its file loads).
addStyles(PASSKEY_CSS);
