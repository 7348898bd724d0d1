/** @module phone/import-phone-script — the standalone bundle's phone loader: latchkey-phone.js, from beside the bundle. */
import { importChunkScript } from '../chunks/import-chunk-script.js';
import { PHONE_SCRIPT_NAME, type PhoneModule } from './phone-module.js';

/** Stands in for `import-phone.ts` in the script-tag build (scripts/build-standalone.mjs swaps the two). */
export function importPhone(): Promise<PhoneModule> {
  return importChunkScript<PhoneModule>(PHONE_SCRIPT_NAME);
}
