import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll } from 'vitest';
import type { Mailer, OutgoingEmail } from '../src/email/mailer.js';
import { WRONG_CREDENTIALS_MESSAGE } from '../src/features/passwords/password-credentials.js';
import { HARD_CAP } from '../src/features/passwords/password-policy.js';
import { capturedLogger } from './captured-logger.js';
import { lockRowsOf } from './lock-rows.js';
import { postPasswords } from './password-helpers.js';
import { seen } from './second-factor-lock-helpers.js';
import { json, outboxMailerFor, type TestContext, type TestContextOptions } from './test-app.js';
import { useTestContext } from './use-test-context.js';

/** A wrong password that passes every input check. */
export const WRONG_PASSWORD = 'wrong-but-long-password-1';
/** The subject line of the lock notice, for the development project. */
export const LOCK_NOTICE_SUBJECT = 'Password sign-in to your Development project account was turned off';
/** The longest failed-login delay: waiting this long before an attempt always gets past a delay. */
const LONGEST_DELAY_MS = 15 * 60 * 1000;

/** A password login on `app` (the test context's by default) from a fresh client network. */
export function passwordLogin(
  ctx: TestContext,
  email: string,
  password: string,
  app: FastifyInstance = ctx.app,
): Promise<LightMyRequestResponse> {
  return postPasswords(ctx, '/passwords/authenticate', { email, password }, { app });
}

/**
 * Fails `count` consecutive logins of `email` with a wrong password, waiting out each delay on
 * the manual clock first, so each one is checked (401) and counted; `apps` take turns.
 */
export async function failLogins(
  ctx: TestContext,
  email: string,
  count: number,
  apps: FastifyInstance[] = [ctx.app],
): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    ctx.clock.advance(LONGEST_DELAY_MS);
    const response = await passwordLogin(ctx, email, WRONG_PASSWORD, apps[i % apps.length]);
    if (response.statusCode !== 401) throw new Error(`failure ${i + 1} of ${email}: ${response.body}`);
  }
}

/** Brings `email` to the hard cap: HARD_CAP consecutive failed logins. */
export function reachHardCap(ctx: TestContext, email: string, apps?: FastifyInstance[]): Promise<void> {
  return failLogins(ctx, email, HARD_CAP, apps);
}

/** What a client sees of the 401 every failed login gets (SECURITY E1), as `visible` shows it. */
export const REFUSED_LOGIN = {
  status: 401,
  error_type: 'unauthorized_credentials',
  error_message: WRONG_CREDENTIALS_MESSAGE,
  retry_after: undefined,
  session: false,
};

/** What a client can see of a response, without the per-request id: `seen`, and whether it signed in. */
export function visible(response: LightMyRequestResponse) {
  return { ...seen(response), session: json(response).data?.session_token !== undefined };
}

/** A mailer that records each message as it is handed over, then passes it on (to the outbox). */
export function recordingMailer(): { mailer: Mailer; sent: OutgoingEmail[]; passTo(next: Mailer): void } {
  const sent: OutgoingEmail[] = [];
  let next: Mailer | undefined;
  return {
    sent,
    passTo: (mailer) => {
      next = mailer;
    },
    mailer: {
      async send(message) {
        sent.push(message);
        await next?.send(message);
      },
    },
  };
}

/**
 * The file's test context (built with `options`) whose mail is recorded, then kept in the dev
 * outbox as usual, and whose log lines are captured: where the lock tests read notices and
 * security events.
 */
export function useRecordedTestContext(options: TestContextOptions = {}) {
  const recorder = recordingMailer();
  const log = capturedLogger();
  const ctx = useTestContext({ ...options, logger: log.logger, mailer: recorder.mailer });
  beforeAll(() => {
    recorder.passTo(outboxMailerFor(ctx.db, ctx.clock));
  });
  return { ctx, recorder, log };
}

/** The user's password lock rows, oldest first. */
export const passwordLockRows = (ctx: Pick<TestContext, 'db'>, userId: string) =>
  lockRowsOf(ctx, 'password_lockouts', userId);

/** The captured log lines of one security event. */
export function securityEvents(lines: Array<Record<string, unknown>>, event: string) {
  return lines.filter((line) => line.security_event === event);
}
