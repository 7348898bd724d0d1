/** @module captcha-check — the captcha gate of the sign-in calls (docs/contracts.md "Captcha", SECURITY A7). */
import { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import type { CaptchaReplayGuard } from './captcha-replay-guard.js';
import {
  AssessmentUnavailableError,
  passesAssessment,
  type RecaptchaAssessor,
} from './recaptcha-assessment.js';

/** The request facts a check reads. */
export interface CaptchaAttempt {
  /** The body's `captcha_token`; undefined when absent or not a string. */
  token: string | undefined;
  ip: string;
  userAgent: string | undefined;
}

/** Refuses a sign-in call whose captcha does not pass. */
export interface CaptchaCheck {
  /** Resolves when `project` has no site key or the token passes; else throws 429 captcha_failed. */
  require(project: Project, attempt: CaptchaAttempt): Promise<void>;
}

/** What the check needs. */
export interface CaptchaCheckDeps {
  /** Undefined when LATCHKEY_RECAPTCHA_ASSESSMENT_URL is not set: captcha'd calls are then refused. */
  assessor: RecaptchaAssessor | undefined;
  replay: CaptchaReplayGuard;
  /** Told when a call is refused because the assessment could not be had (fail closed, SECURITY J6). */
  warn: (message: string, details: Record<string, unknown>) => void;
}

const MISSING_TOKEN_MESSAGE =
  'This project requires a captcha: send a reCAPTCHA Enterprise token as captcha_token.';

/**
 * Creates the check. Every way of not passing (missing, refused, replayed, the API down or not
 * configured) is the same 429, and the caller has done nothing yet: no credential is checked,
 * no counter moves and nothing is sent before this resolves.
 */
export function createCaptchaCheck(deps: CaptchaCheckDeps): CaptchaCheck {
  return {
    async require(project, attempt) {
      const siteKey = project.captchaSiteKey;
      if (siteKey === null) return;
      if (attempt.token === undefined || attempt.token === '') {
        throw new ApiError('captcha_failed', { message: MISSING_TOKEN_MESSAGE });
      }
      if (!deps.assessor) {
        deps.warn(
          'captcha refused: the project has a site key but LATCHKEY_RECAPTCHA_ASSESSMENT_URL is not set',
          {
            project_id: project.id,
          },
        );
        throw new ApiError('captcha_failed');
      }
      // Recorded before the assessment, so two concurrent uses of one token cannot both pass.
      if (!(await deps.replay.firstUse(attempt.token))) throw new ApiError('captcha_failed');
      let passed: boolean;
      try {
        const assessment = await deps.assessor.assess({
          token: attempt.token,
          siteKey,
          userIpAddress: attempt.ip,
          userAgent: attempt.userAgent,
        });
        passed = passesAssessment(assessment, project.captchaMinScore);
      } catch (error) {
        if (!(error instanceof AssessmentUnavailableError)) throw error;
        deps.warn('captcha refused: the reCAPTCHA assessment could not be had (fail closed)', {
          project_id: project.id,
          err: error,
        });
        throw new ApiError('captcha_failed', { cause: error });
      }
      if (!passed) throw new ApiError('captcha_failed');
    },
  };
}
