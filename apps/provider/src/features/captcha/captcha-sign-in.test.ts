/**
 * SECURITY A7 through the real API: each captcha'd call passes with a good token and answers 429
 * captcha_failed, having done nothing, for a missing, refused, replayed or unassessable one.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CAPTCHA_CALLS,
  type CaptchaCall,
  captchaState,
  givenCaptchaUser,
  postSdk,
  TEST_SITE_KEY,
  TEST_USER_AGENT,
  useCaptchaContext,
} from '../../../test/captcha-helpers.js';
import { STRONG_PASSWORD } from '../../../test/password-helpers.js';
import {
  type AssessmentApiMode,
  TEST_RECAPTCHA_API_KEY,
  useAssessmentApi,
} from '../../../test/recaptcha-assessment-server.js';
import { DEMO_ORIGIN, json } from '../../../test/test-app.js';

// The assessment API starts before the context, whose options name its URL, and stops after it closes.
const api = useAssessmentApi();
const { ctx, logLines } = useCaptchaContext(() => ({
  recaptcha: { assessmentUrl: api.url, apiKey: TEST_RECAPTCHA_API_KEY },
  // Waited out only by the 'hang' cases; generous enough that a busy machine's answers still count.
  captchaTimeoutMs: 1000,
}));
beforeAll(async () => {
  await givenCaptchaUser(ctx, api);
});

const cases = CAPTCHA_CALLS.map((call) => [call.name, call] as const);

describe.each(cases)('%s', (_name, call) => {
  it('passes with a good token, assessed for the project, the client address and browser', async () => {
    const token = api.token();
    const response = await call.send(ctx, token, true);
    expect(response.statusCode, response.body).toBe(200);
    expect(api.requests.at(-1)?.body).toEqual({
      event: {
        token,
        siteKey: TEST_SITE_KEY,
        expectedAction: 'LOGIN',
        userIpAddress: expect.stringMatching(/^10\.42\./),
        userAgent: TEST_USER_AGENT,
      },
    });
  });

  /** A way of not passing: the token to send (prepared first), and how the API behaves meanwhile. */
  const refusals: ReadonlyArray<
    [
      label: string,
      token: (call: CaptchaCall) => Promise<string | undefined>,
      mode: AssessmentApiMode,
      asksApi: boolean,
    ]
  > = [
    ['no token', async () => undefined, 'ok', false],
    ['an empty token', async () => '', 'ok', false],
    ['a score below the minimum', async () => api.token({ score: 0.3 }), 'ok', true],
    ['another action', async () => api.token({ action: 'SIGNUP' }), 'ok', true],
    ['a token the API calls invalid', async () => api.token({ valid: false }), 'ok', true],
    // Unique per case: the same forged token twice would be refused as a replay before it is assessed.
    ['a forged token', async () => `forged-${randomUUID()}`, 'ok', true],
    [
      'a replayed token (valid to the API)',
      async (c) => {
        const token = api.token();
        expect((await c.send(ctx, token, true)).statusCode).toBe(200);
        return token;
      },
      'ok',
      false,
    ],
    ['the API answering 500', async () => api.token(), 'error', true],
    ['the API answering no assessment', async () => api.token(), 'malformed', true],
    ['the API too slow', async () => api.token(), 'hang', true],
  ];

  it.each(refusals)(
    '429 captcha_failed for %s, with nothing changed',
    async (_label, tokenFor, mode, asksApi) => {
      const token = await tokenFor(call);
      const before = await captchaState(ctx);
      const asked = api.requests.length;
      api.mode = mode;
      try {
        const response = await call.send(ctx, token);
        expect(response.statusCode, response.body).toBe(429);
        expect(json(response)).toMatchObject({ status_code: 429, error_type: 'captcha_failed' });
        expect(response.headers['access-control-allow-origin']).toBe(DEMO_ORIGIN);
      } finally {
        api.mode = 'ok';
      }
      expect(await captchaState(ctx)).toEqual(before);
      expect(api.requests.length - asked).toBe(asksApi ? 1 : 0);
    },
  );
});

it('logs an unassessable token at warn (fail closed), never the API key', async () => {
  api.mode = 'error';
  try {
    const response = await CAPTCHA_CALLS[0]?.send(ctx, api.token());
    expect(response?.statusCode).toBe(429);
  } finally {
    api.mode = 'ok';
  }
  const warning = logLines.find((line) => String(line.msg).includes('captcha refused'));
  expect(warning).toMatchObject({ level: 40, project_id: ctx.dev.project_id });
  expect(JSON.stringify(logLines)).not.toContain(TEST_RECAPTCHA_API_KEY);
});

it('the refusal is what kept the failed-login counter still: with a good token a wrong password counts', async () => {
  const signIn = CAPTCHA_CALLS.find((call) => call.name === 'password sign-in') as CaptchaCall;
  const before = await captchaState(ctx);
  expect((await signIn.send(ctx, api.token())).statusCode).toBe(401);
  expect((await captchaState(ctx)).failures).not.toEqual(before.failures);
});

it("judges the score against the project's own minimum", async () => {
  const lenient = await ctx.givenProject({
    allowedOrigins: [DEMO_ORIGIN],
    captchaSiteKey: 'lenient-site-key',
    captchaMinScore: 0.2,
  });
  const body = { email: 'lenient@example.com', password: STRONG_PASSWORD };
  const response = await postSdk(
    ctx,
    '/passwords',
    { ...body, captcha_token: api.token({ score: 0.3 }) },
    lenient.public_token,
  );
  expect(response.statusCode, response.body).toBe(200);
  expect(api.requests.at(-1)?.body).toMatchObject({ event: { siteKey: 'lenient-site-key' } });
});

it('a project without a site key ignores captcha_token entirely', async () => {
  const plain = await ctx.givenProject({ allowedOrigins: [DEMO_ORIGIN] });
  const asked = api.requests.length;
  for (const token of [undefined, 'anything-at-all', api.token({ valid: false })]) {
    const response = await postSdk(
      ctx,
      '/otps/email/login_or_create',
      { email: 'plain@example.com', ...(token === undefined ? {} : { captcha_token: token }) },
      plain.public_token,
    );
    expect(response.statusCode, response.body).toBe(200);
  }
  expect(api.requests.length).toBe(asked);
});
