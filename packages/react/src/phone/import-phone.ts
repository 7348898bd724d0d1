/** @module phone/import-phone — loads the phone code as a separate chunk (the standalone build swaps this file). */
import type { PhoneModule } from './phone-module.js';

/**
 * A dynamic import, so a host's bundler puts libphonenumber-js and its metadata in a chunk that
 * only downloads when a phone form is shown. `scripts/build-standalone.mjs` replaces this module
 * with `import-phone-script.ts`, which loads `latchkey-phone.js` with a script tag instead.
 */
export function importPhone(): Promise<PhoneModule> {
  return import('@latchkey/client/phone');
}
