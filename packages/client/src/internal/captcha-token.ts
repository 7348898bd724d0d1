/**
 * @module internal/captcha-token — one reCAPTCHA Enterprise token: loads Google's script (once per
 * page), waits for it, and asks for a token for the `LOGIN` action. Reached only through
 * `load-captcha-token.ts`, so a build can serve it as a file of its own.
 */

import type { ResolvedOptions } from '../options.js';
import { loadRecaptchaScript } from './recaptcha-script.js';

/** How long loading the script and getting a token may take before the call gives up. */
export const CAPTCHA_TOKEN_TIMEOUT_MS = 10_000;

/** The action the provider's assessment expects (`docs/contracts.md`, captcha). */
const ACTION = 'LOGIN';

function scriptUrl(base: string, siteKey: string): string {
  return `${base}${base.includes('?') ? '&' : '?'}render=${encodeURIComponent(siteKey)}`;
}

async function execute(options: ResolvedOptions, siteKey: string): Promise<unknown> {
  if (typeof siteKey !== 'string' || siteKey === '') throw new Error('The bootstrap gives no siteKey');
  const load = options.loadRecaptcha ?? loadRecaptchaScript;
  const enterprise = await load(scriptUrl(options.recaptchaScriptURL, siteKey));
  await new Promise<void>((resolve) => enterprise.ready(resolve));
  return enterprise.execute(siteKey, { action: ACTION });
}

/**
 * Resolves a fresh token for `siteKey` (each is good for one assessment). Rejects with what
 * failed: the script, `ready`, `execute`, an empty token, or no answer within
 * CAPTCHA_TOKEN_TIMEOUT_MS (a blocked script may never fire its events).
 */
export async function getCaptchaToken(options: ResolvedOptions, siteKey: string): Promise<string> {
  const { clock } = options;
  let timer: unknown;
  const timeout = new Promise<never>((_, reject) => {
    timer = clock.setTimeout(
      () => reject(new Error(`No reCAPTCHA token within ${CAPTCHA_TOKEN_TIMEOUT_MS} ms`)),
      CAPTCHA_TOKEN_TIMEOUT_MS,
    );
  });
  try {
    const token = await Promise.race([execute(options, siteKey), timeout]);
    if (typeof token !== 'string' || token === '') throw new Error('reCAPTCHA gave no token');
    return token;
  } finally {
    clock.clearTimeout(timer);
  }
}
