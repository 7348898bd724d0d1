/** @module recaptcha-assessment — asks reCAPTCHA Enterprise's assessments API what it makes of a token. */

/** docs/contracts.md "Captcha": an assessment slower than this fails the call (closed). */
export const ASSESSMENT_TIMEOUT_MS = 5_000;

/** The action the widget names when it asks for a token (`grecaptcha.enterprise.execute(…, {action:'LOGIN'})`). */
export const CAPTCHA_ACTION = 'LOGIN';

/** What is sent about one token. */
export interface AssessmentEvent {
  token: string;
  siteKey: string;
  userIpAddress: string;
  userAgent: string | undefined;
}

/** The parts of an assessment the verdict reads; null where the answer left them out. */
export interface Assessment {
  valid: boolean;
  action: string | null;
  score: number | null;
}

/** The API could not give an answer: unreachable, too slow, a non-2xx status, or an unreadable body. */
export class AssessmentUnavailableError extends Error {
  override readonly name = 'AssessmentUnavailableError';
}

/** Asks for assessments. */
export interface RecaptchaAssessor {
  /** The assessment of `event`; throws AssessmentUnavailableError when there is none. */
  assess(event: AssessmentEvent): Promise<Assessment>;
}

/** What the assessor needs. */
export interface RecaptchaAssessorOptions {
  /** The full assessments URL, e.g. `https://recaptchaenterprise.googleapis.com/v1/projects/{gcp-project}/assessments`. */
  assessmentUrl: string;
  /** Sent as `?key=`. */
  apiKey: string;
  /** ASSESSMENT_TIMEOUT_MS unless given (tests). */
  timeoutMs?: number | undefined;
  fetch?: typeof fetch;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads an assessment body (`tokenProperties.{valid, action}`, `riskAnalysis.score`); null when
 * it is not one. A valid token without a score in 0..1 is not an answer either.
 */
export function parseAssessment(body: unknown): Assessment | null {
  if (!isRecord(body) || !isRecord(body.tokenProperties)) return null;
  const { valid, action } = body.tokenProperties;
  if (typeof valid !== 'boolean') return null;
  const risk = isRecord(body.riskAnalysis) ? body.riskAnalysis : {};
  const score = typeof risk.score === 'number' && risk.score >= 0 && risk.score <= 1 ? risk.score : null;
  if (valid && score === null) return null;
  return { valid, action: typeof action === 'string' ? action : null, score };
}

/** Creates the client; the key travels only in the query string the API expects. */
export function createRecaptchaAssessor(options: RecaptchaAssessorOptions): RecaptchaAssessor {
  const fetchAssessment = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? ASSESSMENT_TIMEOUT_MS;
  const url = new URL(options.assessmentUrl);
  url.searchParams.set('key', options.apiKey);

  return {
    async assess(event) {
      let body: unknown;
      try {
        const response = await fetchAssessment(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            event: {
              token: event.token,
              siteKey: event.siteKey,
              expectedAction: CAPTCHA_ACTION,
              userIpAddress: event.userIpAddress,
              userAgent: event.userAgent,
            },
          }),
          // Covers the body too: a server that answers its headers and then stalls is just as slow.
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new AssessmentUnavailableError(`assessment API answered ${response.status}`);
        body = await response.json();
      } catch (error) {
        if (error instanceof AssessmentUnavailableError) throw error;
        throw new AssessmentUnavailableError('assessment API unreachable, too slow or not JSON', {
          cause: error,
        });
      }
      const assessment = parseAssessment(body);
      if (!assessment) throw new AssessmentUnavailableError('assessment API answered an unreadable body');
      return assessment;
    },
  };
}

/** docs/contracts.md "Captcha": valid, for the LOGIN action, and scored at least the project's minimum. */
export function passesAssessment(assessment: Assessment, minScore: number): boolean {
  return (
    assessment.valid === true &&
    assessment.action === CAPTCHA_ACTION &&
    assessment.score !== null &&
    assessment.score >= minScore
  );
}
