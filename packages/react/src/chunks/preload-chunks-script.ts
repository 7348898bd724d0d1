/**
 * @module chunks/preload-chunks-script — the standalone bundle's stand-in for preload-chunks.ts:
 * once the widget has painted, it fetches the screens after Main and the method files its
 * products will call, so that pressing Continue does not wait for them. The first paint waits
 * for none of them.
 */
import { useEffect } from 'react';
import { MAGIC_LINKS_SCRIPT_NAME } from '../client-methods/magic-links-script.js';
import { OAUTH_SCRIPT_NAME } from '../client-methods/oauth-script.js';
import { OTPS_SCRIPT_NAME } from '../client-methods/otps-script.js';
import { WEBAUTHN_SCRIPT_NAME } from '../client-methods/webauthn-script.js';
import { type Product, productsOf, type WidgetConfig } from '../config.js';
import { SCREENS_SCRIPT_NAME } from '../screens/later-screens-script.js';
import { importChunkScript } from './import-chunk-script.js';

// crypto's methods come with its screens (latchkey-crypto.js), which Main loads anyway; passwords
// and sessions are in the bundle.
const METHOD_FILES: Partial<Record<Product, string>> = {
  emailMagicLinks: MAGIC_LINKS_SCRIPT_NAME,
  otp: OTPS_SCRIPT_NAME,
  oauth: OAUTH_SCRIPT_NAME,
  passkeys: WEBAUTHN_SCRIPT_NAME,
};

/** Starts loading, after the first paint, the screens and the method files of `config`'s products. */
export function usePreloadChunks(config: WidgetConfig): void {
  const files = [
    SCREENS_SCRIPT_NAME,
    ...productsOf(config)
      .map((product) => METHOD_FILES[product])
      .filter((file) => file !== undefined),
  ].join(' ');
  useEffect(() => {
    // A file that cannot load now is loaded again, and its failure shown, by what needs it.
    for (const file of files.split(' ')) importChunkScript(file).catch(() => {});
  }, [files]);
}
