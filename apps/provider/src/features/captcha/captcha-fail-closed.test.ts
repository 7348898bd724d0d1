/** SECURITY A7, J6: with the assessment API unreachable or not configured, captcha'd calls are refused, and it is logged. */
import { describe, expect, it } from 'vitest';
import { CAPTCHA_CALLS, captchaState, useCaptchaContext } from '../../../test/captcha-helpers.js';
import { closedPortUrl, TEST_RECAPTCHA_API_KEY } from '../../../test/recaptcha-assessment-server.js';
import { json } from '../../../test/test-app.js';

const cases = CAPTCHA_CALLS.map((call) => [call.name, call] as const);

describe.each([
  ['the assessment API unreachable', 'could not be had', true],
  ['no assessment URL configured', 'LATCHKEY_RECAPTCHA_ASSESSMENT_URL is not set', false],
] as const)('%s', (_label, logged, configured) => {
  const { ctx, logLines } = useCaptchaContext(async () =>
    configured ? { recaptcha: { assessmentUrl: await closedPortUrl(), apiKey: TEST_RECAPTCHA_API_KEY } } : {},
  );

  it.each(cases)('%s answers 429 captcha_failed with nothing changed, and warns', async (_name, call) => {
    const before = await captchaState(ctx);
    const warnings = logLines.length;
    const response = await call.send(ctx, `token-${call.name}`);
    expect(response.statusCode, response.body).toBe(429);
    expect(json(response).error_type).toBe('captcha_failed');
    expect(await captchaState(ctx)).toEqual(before);
    expect(logLines.slice(warnings)).toEqual([
      expect.objectContaining({
        level: 40,
        project_id: ctx.dev.project_id,
        msg: expect.stringContaining(logged),
      }),
    ]);
    expect(JSON.stringify(logLines)).not.toContain(TEST_RECAPTCHA_API_KEY);
  });
});
