/** @module standalone — the script-tag entry: defines `window.Latchkey` (built with React aliased to preact/compat). */
import { createLatchkeyClient } from '@latchkey/client';
import { mountLogin, mountPasskeyRegistration, mountResetPassword } from './mount.js';
import { VERSION } from './version.js';

/** What the bundle puts on `window` (docs/contracts.md, standalone bundle). */
export interface LatchkeyGlobal {
  createLatchkeyClient: typeof createLatchkeyClient;
  mountLogin: typeof mountLogin;
  mountResetPassword: typeof mountResetPassword;
  mountPasskeyRegistration: typeof mountPasskeyRegistration;
  version: string;
}

declare global {
  interface Window {
    Latchkey: LatchkeyGlobal;
  }
}

window.Latchkey = {
  createLatchkeyClient,
  mountLogin,
  mountResetPassword,
  mountPasskeyRegistration,
  version: VERSION,
};
