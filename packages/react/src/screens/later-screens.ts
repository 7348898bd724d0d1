/**
 * @module screens/later-screens — the screens that come after Main in a sign-in (the password
 * step, the sent and expired-link notices, the code entry, the confirmations, and the reset
 * widget's PasswordResetForm with its strength meter) as one module, which
 * the standalone build turns into latchkey-screens.js (later-screens-script.tsx). The script-tag
 * widget paints Main without them and fetches them right after.
 */
import { enScreens } from '../strings/en-screens.js';
import { addEnglish } from '../strings/resolve-strings.js';
import { BACK_BUTTON_CSS } from '../theme/back-button-css.js';
import { CODE_CSS } from '../theme/code-css.js';
import { addStyles } from '../theme/install-styles.js';
import { SCREENS_CSS } from '../theme/screens-css.js';
import { TOAST_CSS } from '../theme/toast-css.js';

export { EmailConfirmationScreen } from './email-confirmation-screen.js';
export { LinkExpiredScreen } from './link-expired-screen.js';
export { OtpAuthenticateScreen } from './otp-authenticate-screen.js';
export { PasswordCreateOrLoginScreen } from './password-create-or-login-screen.js';
export { PasswordEmailSentScreen } from './password-email-sent-screen.js';
export { ResetPasswordScreen } from './reset-password-screen.js';
export { SuccessScreen } from './success-screen.js';

// The screens' own rules and texts, in place before they render (in the script-tag widget, when
// their file loads).
addStyles(BACK_BUTTON_CSS);
addStyles(CODE_CSS);
addStyles(SCREENS_CSS);
addStyles(TOAST_CSS);
addEnglish(enScreens);
