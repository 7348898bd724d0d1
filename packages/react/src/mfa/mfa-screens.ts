/**
 * @module mfa/mfa-screens — the multi-factor step's screen as one module, which the standalone
 * build turns into latchkey-mfa.js with its texts (mfa-screens-script.tsx).
 */
export { MfaAuthenticateScreen } from './screens/mfa-authenticate-screen.js';
