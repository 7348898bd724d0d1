/**
 * @module theme/chunk-sheets — the stylesheets of the code that the script-tag widget loads later,
 * installed with the widget's own from the start wherever that code is bundled with it (the npm
 * package: an app's bundler may skip the modules' own addStyles calls, whose exports it follows
 * past them). The script-tag build swaps in chunk-sheets-script.ts: there, each chunk adds its sheet.
 */
import { CODE_CSS } from './code-css.js';
import { CRYPTO_CSS } from './crypto-css.js';
import { DARK_CSS } from './dark-css.js';
import { MFA_CSS } from './mfa-css.js';
import { PASSKEY_CSS } from './passkey-css.js';
import { SCREENS_CSS } from './screens-css.js';

/** Roughly in the order of their first rules in widget.css before the split; none styles what another does. */
export const CHUNK_SHEETS: readonly string[] = [
  MFA_CSS,
  CRYPTO_CSS,
  CODE_CSS,
  PASSKEY_CSS,
  SCREENS_CSS,
  DARK_CSS,
];
