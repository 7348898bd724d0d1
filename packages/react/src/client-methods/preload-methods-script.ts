/**
 * @module client-methods/preload-methods-script — the standalone bundle's stand-in for
 * preload-methods.ts: once the widget has painted, it fetches the method files its products will
 * call, so a click does not wait for them. The first paint waits for none of them.
 */
import { useEffect } from 'react';
import { importChunkScript } from '../chunks/import-chunk-script.js';
import { type Product, productsOf, type WidgetConfig } from '../config.js';
import { MAGIC_LINKS_SCRIPT_NAME } from './magic-links-script.js';
import { OAUTH_SCRIPT_NAME } from './oauth-script.js';
import { OTPS_SCRIPT_NAME } from './otps-script.js';
import { WEBAUTHN_SCRIPT_NAME } from './webauthn-script.js';

// crypto's methods come with its screens (latchkey-crypto.js), which Main loads anyway; passwords
// and sessions are in the bundle.
const FILES: Partial<Record<Product, string>> = {
  emailMagicLinks: MAGIC_LINKS_SCRIPT_NAME,
  otp: OTPS_SCRIPT_NAME,
  oauth: OAUTH_SCRIPT_NAME,
  passkeys: WEBAUTHN_SCRIPT_NAME,
};

/** Starts loading the method files of `config`'s products after the first paint. */
export function usePreloadMethods(config: WidgetConfig): void {
  const files = productsOf(config)
    .map((product) => FILES[product])
    .filter((file) => file !== undefined)
    .join(' ');
  useEffect(() => {
    // A file that cannot load now is loaded again, and its failure reported, by the call that needs it.
    for (const file of files.split(' ').filter(Boolean)) importChunkScript(file).catch(() => {});
  }, [files]);
}
