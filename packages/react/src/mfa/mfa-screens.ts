/**
 * @module mfa/mfa-screens — the multi-factor step's screen as one module, which the standalone
 * build turns into latchkey-mfa.js with its texts (mfa-screens-script.tsx).
 */

import { BACK_BUTTON_CSS } from '../theme/back-button-css.js';
import { CODE_CSS } from '../theme/code-css.js';
import { addStyles } from '../theme/install-styles.js';
import { MFA_CSS } from '../theme/mfa-css.js';
import { TOAST_CSS } from '../theme/toast-css.js';

export { MfaAuthenticateScreen } from './screens/mfa-authenticate-screen.js';

// The step's own rules, in place before it renders (in the script-tag widget, when its file loads).
addStyles(BACK_BUTTON_CSS);
addStyles(CODE_CSS);
addStyles(MFA_CSS);
addStyles(TOAST_CSS);
