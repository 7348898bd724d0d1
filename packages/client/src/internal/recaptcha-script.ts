/** @module internal/recaptcha-script — loads Google's reCAPTCHA Enterprise script once per page and hands out `grecaptcha.enterprise`. */

import type { RecaptchaEnterprise } from '../options.js';
import { loadScript } from './load-script.js';

type RecaptchaWindow = Window & { grecaptcha?: { enterprise?: RecaptchaEnterprise } };

/** Resolves `grecaptcha.enterprise`, loading `url` (which carries `?render={siteKey}`) unless the page has it. */
export function loadRecaptchaScript(url: string, host: Window = window): Promise<RecaptchaEnterprise> {
  return loadScript(
    url,
    'grecaptcha.enterprise',
    (page) => (page as RecaptchaWindow).grecaptcha?.enterprise,
    host,
  );
}
