/**
 * @module internal/load-captcha-token — hands out `getCaptchaToken` through a loader: bundled, it
 * is here already; a script-tag build can swap this module for one that loads `captcha-token.ts`
 * from a file only on pages whose project turns captcha on (as `load-start-registration.ts`).
 */
import { getCaptchaToken } from './captcha-token.js';

/** Resolves `getCaptchaToken`. */
export function loadCaptchaToken(): Promise<typeof getCaptchaToken> {
  return Promise.resolve(getCaptchaToken);
}
