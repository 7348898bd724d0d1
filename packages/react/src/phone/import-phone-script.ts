/** @module phone/import-phone-script — the standalone bundle's phone loader: a script tag next to the bundle. */
import { PHONE_GLOBAL, PHONE_SCRIPT_NAME, type PhoneModule } from './phone-module.js';

// Read while the bundle's own <script> runs: afterwards document.currentScript is another script
// or null. Classic, defer and async scripts all set it; module scripts and eval do not.
const bundleScript =
  typeof document === 'undefined' ? null : (document.currentScript as HTMLScriptElement | null);
const bundleUrl = bundleScript?.src ?? '';
const bundleNonce = bundleScript?.nonce ?? '';

/** The phone file's URL: beside the widget bundle, or relative to the page when that is unknown. */
export function phoneScriptUrl(base: string = bundleUrl): string {
  return new URL(PHONE_SCRIPT_NAME, base || document.baseURI).href;
}

function published(): PhoneModule | undefined {
  return (globalThis as Record<string, unknown>)[PHONE_GLOBAL] as PhoneModule | undefined;
}

/**
 * Adds `<script src=".../latchkey-phone.js">` (with the bundle's CSP nonce) and resolves with
 * the functions it publishes. A failed load rejects and removes the tag, so a later call retries.
 */
export function importPhone(): Promise<PhoneModule> {
  const ready = published();
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = phoneScriptUrl();
    script.async = true;
    if (bundleNonce) script.nonce = bundleNonce;
    script.addEventListener('load', () => {
      const phone = published();
      if (phone) resolve(phone);
      else reject(new Error(`Latchkey: ${script.src} did not define the phone functions.`));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`Latchkey: could not load ${script.src}.`));
    });
    document.head.append(script);
  });
}
