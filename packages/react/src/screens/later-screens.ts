/**
 * @module screens/later-screens — the screens that come after Main in a sign-in (the password
 * step, the sent and expired-link notices, the code entry, the confirmations) as one module, which
 * the standalone build turns into latchkey-screens.js (later-screens-script.tsx). The script-tag
 * widget paints Main without them and fetches them right after.
 */
export { EmailConfirmationScreen } from './email-confirmation-screen.js';
export { LinkExpiredScreen } from './link-expired-screen.js';
export { OtpAuthenticateScreen } from './otp-authenticate-screen.js';
export { PasswordCreateOrLoginScreen } from './password-create-or-login-screen.js';
export { PasswordEmailSentScreen } from './password-email-sent-screen.js';
export { SuccessScreen } from './success-screen.js';
