/** The assessment client against a local stand-in for reCAPTCHA Enterprise, and the pass rule. */
import { describe, expect, it, vi } from 'vitest';
import {
  closedPortUrl,
  TEST_RECAPTCHA_API_KEY,
  useAssessmentApi,
} from '../../../test/recaptcha-assessment-server.js';
import {
  AssessmentUnavailableError,
  createRecaptchaAssessor,
  parseAssessment,
  passesAssessment,
} from './recaptcha-assessment.js';

const api = useAssessmentApi();

const event = (token: string) => ({
  token,
  siteKey: 'site-key-1',
  userIpAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0 test',
});

describe('createRecaptchaAssessor', () => {
  it('POSTs {url}?key= with the event, expecting the LOGIN action, and reads the answer', async () => {
    api.mode = 'ok';
    const assessor = createRecaptchaAssessor({ assessmentUrl: api.url, apiKey: TEST_RECAPTCHA_API_KEY });
    const token = api.token({ score: 0.7 });
    await expect(assessor.assess(event(token))).resolves.toEqual({
      valid: true,
      action: 'LOGIN',
      score: 0.7,
    });
    expect(api.requests.at(-1)).toEqual({
      path: '/v1/projects/demo/assessments',
      key: TEST_RECAPTCHA_API_KEY,
      body: {
        event: {
          token,
          siteKey: 'site-key-1',
          expectedAction: 'LOGIN',
          userIpAddress: '203.0.113.7',
          userAgent: 'Mozilla/5.0 test',
        },
      },
    });
  });

  it('reports a token the API calls invalid as such (an answer, not an outage)', async () => {
    api.mode = 'ok';
    const assessor = createRecaptchaAssessor({ assessmentUrl: api.url, apiKey: TEST_RECAPTCHA_API_KEY });
    await expect(assessor.assess(event('forged'))).resolves.toMatchObject({ valid: false });
  });

  // Which ending each failure had, not how long it took: a wall-clock bound would fail on a busy
  // machine. A hang must end by the client's own timeout (its TimeoutError, armed with the
  // configured 150 ms); an error or a bad body must end on the answer, never by that timeout.
  it.each([
    ['a 500', 'error', false],
    ['a body that is no assessment', 'malformed', false],
    ['no answer within the timeout', 'hang', true],
  ] as const)('throws AssessmentUnavailableError on %s', async (_label, mode, endsByTimeout) => {
    api.mode = mode;
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    try {
      const assessor = createRecaptchaAssessor({
        assessmentUrl: api.url,
        apiKey: TEST_RECAPTCHA_API_KEY,
        timeoutMs: 150,
      });
      const failure = await assessor.assess(event(api.token())).then(
        () => expect.fail('the assessment resolved'),
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(AssessmentUnavailableError);
      expect(timeout).toHaveBeenCalledWith(150);
      const cause = (failure as Error).cause as { name?: string } | undefined;
      if (endsByTimeout) expect(cause?.name).toBe('TimeoutError');
      else expect(cause?.name).not.toBe('TimeoutError');
    } finally {
      timeout.mockRestore();
      api.mode = 'ok';
    }
  });

  it('throws AssessmentUnavailableError when nothing listens, and on a 403 (wrong key)', async () => {
    const closed = createRecaptchaAssessor({ assessmentUrl: await closedPortUrl(), apiKey: 'k' });
    await expect(closed.assess(event('t'))).rejects.toBeInstanceOf(AssessmentUnavailableError);
    const wrongKey = createRecaptchaAssessor({ assessmentUrl: api.url, apiKey: 'not-the-key' });
    await expect(wrongKey.assess(event(api.token()))).rejects.toThrow(/403/);
  });

  it('gives up after 5 s unless told otherwise', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    try {
      api.mode = 'ok';
      const assessor = createRecaptchaAssessor({ assessmentUrl: api.url, apiKey: TEST_RECAPTCHA_API_KEY });
      await assessor.assess(event(api.token()));
      expect(timeout).toHaveBeenCalledWith(5_000);
    } finally {
      timeout.mockRestore();
    }
  });
});

describe('parseAssessment', () => {
  it.each([
    [null],
    ['text'],
    [{}],
    [{ tokenProperties: {} }],
    [{ tokenProperties: { valid: 'true' } }],
    // A valid token must come with a score in 0..1.
    [{ tokenProperties: { valid: true, action: 'LOGIN' } }],
    [{ tokenProperties: { valid: true, action: 'LOGIN' }, riskAnalysis: { score: 1.5 } }],
    [{ tokenProperties: { valid: true, action: 'LOGIN' }, riskAnalysis: { score: '0.9' } }],
  ])('%j is no assessment', (body) => {
    expect(parseAssessment(body)).toBeNull();
  });

  it('reads an invalid token without a score', () => {
    expect(parseAssessment({ tokenProperties: { valid: false, invalidReason: 'EXPIRED' } })).toEqual({
      valid: false,
      action: null,
      score: null,
    });
  });
});

describe('passesAssessment', () => {
  it.each([
    [{ valid: true, action: 'LOGIN', score: 0.5 }, 0.5, true],
    [{ valid: true, action: 'LOGIN', score: 0.9 }, 0.5, true],
    [{ valid: true, action: 'LOGIN', score: 0.49 }, 0.5, false],
    [{ valid: true, action: 'SIGNUP', score: 0.9 }, 0.5, false],
    [{ valid: true, action: null, score: 0.9 }, 0.5, false],
    [{ valid: false, action: 'LOGIN', score: 0.9 }, 0.5, false],
    [{ valid: true, action: 'LOGIN', score: null }, 0, false],
    [{ valid: true, action: 'LOGIN', score: 0 }, 0, true],
  ])('%j with minimum %d → %s', (assessment, minScore, expected) => {
    expect(passesAssessment(assessment, minScore)).toBe(expected);
  });
});
