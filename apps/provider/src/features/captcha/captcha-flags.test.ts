/** `project create --captcha-site-key KEY [--captcha-min-score N]`. */
import { expect, it } from 'vitest';
import { parseCaptchaFlags } from './captcha-flags.js';

it('is off without a site key, at the default score', () => {
  expect(parseCaptchaFlags(undefined, undefined)).toEqual({
    ok: true,
    settings: { captchaSiteKey: null, captchaMinScore: 0.5 },
  });
});

it('takes a site key with the default or a given score from 0 to 1', () => {
  expect(parseCaptchaFlags('6LcKey_-1', undefined)).toEqual({
    ok: true,
    settings: { captchaSiteKey: '6LcKey_-1', captchaMinScore: 0.5 },
  });
  for (const [raw, score] of [
    ['0', 0],
    ['0.7', 0.7],
    ['1', 1],
    ['1.0', 1],
  ] as const) {
    expect(parseCaptchaFlags('k', raw)).toEqual({
      ok: true,
      settings: { captchaSiteKey: 'k', captchaMinScore: score },
    });
  }
});

it.each([
  [undefined, '0.7'],
  ['', undefined],
  ['key with space', undefined],
  ['k"><script>', undefined],
  ['k', '1.01'],
  ['k', '-0.1'],
  ['k', '.5'],
  ['k', 'NaN'],
  ['k', ''],
])('refuses --captcha-site-key %j --captcha-min-score %j', (siteKey, minScore) => {
  expect(parseCaptchaFlags(siteKey, minScore)).toMatchObject({ ok: false, problem: expect.any(String) });
});
