/** @module captcha-replay-guard — a captcha token is accepted once, whichever provider process sees it (SECURITY A7, A8). */

import { sha256Base64url } from '../../crypto/hash.js';
import { type ExpiringRowsDeps, sweptClock } from '../../db/single-use-rows.js';
import { claimCaptchaToken } from './captcha-tokens.repository.js';

/** docs/contracts.md "Captcha": used tokens are remembered this long (reCAPTCHA tokens live 2 minutes). */
export const CAPTCHA_REPLAY_WINDOW_MS = 10 * 60_000;

/** Says whether a token is presented for the first time. */
export interface CaptchaReplayGuard {
  /** True the first time `token` is seen within the window; it is recorded either way. */
  firstUse(token: string): Promise<boolean>;
}

/**
 * Creates the guard over the `captcha_tokens` table. Expired records are deleted at most once per
 * `sweepIntervalMs` of the injected clock, so the table holds about ten minutes' worth of tokens.
 */
export function createCaptchaReplayGuard(deps: ExpiringRowsDeps): CaptchaReplayGuard {
  const sweptNow = sweptClock(deps, 'captcha_tokens');

  return {
    async firstUse(token) {
      const now = await sweptNow();
      // Only the hash is kept: a stored token is worthless, but there is no need to hold it.
      const expiresAt = new Date(now.getTime() + CAPTCHA_REPLAY_WINDOW_MS);
      return claimCaptchaToken(deps.db, sha256Base64url(token), now, expiresAt);
    },
  };
}
