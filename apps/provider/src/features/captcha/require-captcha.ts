/** @module require-captcha — the one captcha check the sign-in routes call first (docs/contracts.md "Captcha"). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Project } from '../projects/project.js';
import type { CaptchaCheck } from './captcha-check.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The captcha gate (set by registerCaptchaCheck). */
    captchaCheck: CaptchaCheck;
  }
}

/** Makes `check` the app's captcha gate; call once on the root instance. */
export function registerCaptchaCheck(app: FastifyInstance, check: CaptchaCheck): void {
  app.decorate('captchaCheck', check);
}

/**
 * The captcha check of a call: resolves when `project` has captcha off or the body's
 * `captcha_token` passes, else 429 captcha_failed. Call it before anything else the handler does.
 */
export async function requireCaptcha(project: Project, request: FastifyRequest): Promise<void> {
  const body = request.body as { captcha_token?: unknown } | null | undefined;
  const userAgent = request.headers['user-agent'];
  await request.server.captchaCheck.require(project, {
    token: typeof body?.captcha_token === 'string' ? body.captcha_token : undefined,
    ip: request.clientIp,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : undefined,
  });
}
