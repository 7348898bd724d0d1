/**
 * @module passkey/passkey-screens — the passkey-registration mode's screens as one module, which
 * the standalone build turns into latchkey-passkey-registration.js (passkey-screens-script.tsx).
 */
export { PasskeyStartScreen } from '../screens/passkey-start-screen.js';
export { PasskeySuccessScreen } from '../screens/passkey-success-screen.js';
