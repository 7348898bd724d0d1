/** @module captcha-flags — the CLI's `--captcha-site-key` and `--captcha-min-score` as a project's captcha settings. */

/** A project's captcha settings as createProject takes them. */
export interface CaptchaSettings {
  captchaSiteKey: string | null;
  captchaMinScore: number;
}

/** docs/contracts.md "Captcha": the score a token needs when the project names none. */
export const DEFAULT_CAPTCHA_MIN_SCORE = 0.5;

/** A reCAPTCHA key's alphabet; the key ends up in the script URL the widget loads, so nothing else passes. */
const SITE_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** How the two settings are named in messages: the CLI's flags by default, the API's fields there. */
export interface CaptchaLabels {
  siteKey: string;
  minScore: string;
}

const FLAG_LABELS: CaptchaLabels = { siteKey: '--captcha-site-key', minScore: '--captcha-min-score' };

/** Reads the two flags (undefined = not given); captcha stays off without a site key. */
export function parseCaptchaFlags(
  siteKey: string | undefined,
  minScore: string | undefined,
  labels: CaptchaLabels = FLAG_LABELS,
): { ok: true; settings: CaptchaSettings } | { ok: false; problem: string } {
  if (siteKey === undefined) {
    if (minScore !== undefined) return { ok: false, problem: `${labels.minScore} needs ${labels.siteKey}` };
    return { ok: true, settings: { captchaSiteKey: null, captchaMinScore: DEFAULT_CAPTCHA_MIN_SCORE } };
  }
  if (!SITE_KEY_PATTERN.test(siteKey)) return { ok: false, problem: `Bad ${labels.siteKey} ${siteKey}` };
  if (minScore === undefined) {
    return { ok: true, settings: { captchaSiteKey: siteKey, captchaMinScore: DEFAULT_CAPTCHA_MIN_SCORE } };
  }
  const score = /^\d+(\.\d+)?$/.test(minScore) ? Number(minScore) : Number.NaN;
  if (!(score >= 0 && score <= 1)) return { ok: false, problem: `Bad ${labels.minScore} ${minScore} (0..1)` };
  return { ok: true, settings: { captchaSiteKey: siteKey, captchaMinScore: score } };
}
