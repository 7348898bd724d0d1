/**
 * @module captcha/load-captcha-token-script — the standalone bundle's stand-in for
 * @latchkey/client's internal/load-captcha-token.ts: the reCAPTCHA Enterprise script loader and
 * token getter come from latchkey-captcha.js, which only pages whose project turns captcha on fetch.
 */
import { importChunkScript } from '../chunks/import-chunk-script.js';

/** The file scripts/build-standalone.mjs writes the client's captcha token getter to, next to the widget bundle. */
export const CAPTCHA_SCRIPT_NAME = 'latchkey-captcha.js';

// Typed loosely on purpose: the real module is internal to @latchkey/client, so this package cannot
// name its types. The build swaps this file in for it, and standalone.test.ts runs the two together.
type GetCaptchaToken = (...args: unknown[]) => Promise<string>;

/** Resolves `getCaptchaToken` from the chunk, loading it on first use. A failed load rejects. */
export function loadCaptchaToken(): Promise<GetCaptchaToken> {
  return importChunkScript<{ getCaptchaToken: GetCaptchaToken }>(CAPTCHA_SCRIPT_NAME).then(
    (chunk) => chunk.getCaptchaToken,
  );
}
