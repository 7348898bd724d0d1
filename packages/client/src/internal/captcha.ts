/**
 * @module internal/captcha — the captcha token of the calls the provider guards (`docs/contracts.md`,
 * captcha; SECURITY A7), and the one retry with a fresh token.
 */

import { LatchkeyApiError, LatchkeyCaptchaRequiredError } from '../errors.js';
import type { BotCheckBody } from '../wire-types.js';
import type { ClientContext } from './context.js';
import { loadCaptchaToken } from './load-captcha-token.js';

/** A fresh token; no token to be had is final, since the provider would refuse the call anyway. */
async function captchaToken(ctx: ClientContext, siteKey: string): Promise<string> {
  try {
    return await (await loadCaptchaToken())(ctx.options, siteKey);
  } catch (error) {
    throw new LatchkeyCaptchaRequiredError({ cause: error });
  }
}

/** The provider refused the token: JSON `captcha_failed`, or the wire's non-JSON `Captcha required`. */
function isCaptchaRefusal(error: unknown): boolean {
  return (
    error instanceof LatchkeyCaptchaRequiredError ||
    (error instanceof LatchkeyApiError && error.code === 'captcha_failed')
  );
}

/**
 * Runs `send` with a `captcha_token` when the project turns captcha on and `guarded` says the
 * provider checks this call, else with undefined (left out of the JSON). A refused token is
 * retried once with a fresh one (spec §8, retry callback); a second refusal reaches the caller.
 */
export async function withCaptcha<T>(
  ctx: ClientContext,
  send: (captchaToken: BotCheckBody['captcha_token']) => Promise<T>,
  guarded = true,
): Promise<T> {
  if (!guarded) return send(undefined);
  const { captchaSettings } = await ctx.bootstrap.getAsync();
  if (!captchaSettings.enabled) return send(undefined);
  const first = await captchaToken(ctx, captchaSettings.siteKey);
  try {
    return await send(first);
  } catch (error) {
    if (!isCaptchaRefusal(error)) throw error;
  }
  return send(await captchaToken(ctx, captchaSettings.siteKey));
}
