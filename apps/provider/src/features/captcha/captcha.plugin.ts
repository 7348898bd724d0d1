/** @module captcha.plugin — the captcha gate every sign-in route calls first (require-captcha.ts). */
import { featurePlugin } from '../../feature-plugin.js';
import { createCaptchaCheck } from './captcha-check.js';
import { createCaptchaReplayGuard } from './captcha-replay-guard.js';
import { createRecaptchaAssessor } from './recaptcha-assessment.js';
import { registerCaptchaCheck } from './require-captcha.js';

/** Decorates the app with `captchaCheck`: reCAPTCHA when configured, each token accepted once. */
export const captchaPlugin = featurePlugin('captcha', [], async (app, { config, deps }) => {
  const { db, clock } = deps;
  registerCaptchaCheck(
    app,
    createCaptchaCheck({
      assessor: config.recaptcha
        ? createRecaptchaAssessor({ ...config.recaptcha, timeoutMs: deps.captchaTimeoutMs })
        : undefined,
      replay: createCaptchaReplayGuard({ db, clock }),
      warn: (message, details) => app.log.warn(details, message),
    }),
  );
});
