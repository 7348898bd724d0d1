/** Steps of the lasting second-factor cap (issue 16), driven through the real endpoints with many ISTs. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SECOND_FACTOR_ATTEMPTS_PER_USER } from '../src/features/mfa/mfa-policy.js';
import { lockRowsOf } from './lock-rows.js';
import { freshPasswordIp, STRONG_PASSWORD } from './password-helpers.js';
import { json, sdkHeaders, type TestContext } from './test-app.js';
import { totpCode } from './totp-helpers.js';

/** The subject of the lock notice, for the development project. */
export const SECOND_FACTOR_NOTICE_SUBJECT =
  'Sign-in to your Development project account was turned off after 100 wrong codes';

/** A recovery code that is no code of anyone's (a random one matches with odds of 2^-60). */
export const WRONG_RECOVERY_CODE = 'aaaa-aaaa-aaaa';

/** A 6-digit code that none of the steps the server accepts now (T−1..T+1) shows, so it is surely wrong. */
export function wrongTotpCode(secret: string, at: Date): string {
  const accepted = new Set(
    [-30_000, 0, 30_000].map((skew) => totpCode(secret, new Date(at.getTime() + skew))),
  );
  let code = Number(totpCode(secret, at));
  do code = (code + 1) % 1_000_000;
  while (accepted.has(String(code).padStart(6, '0')));
  return String(code).padStart(6, '0');
}

/** Calls `/sdk/v1{path}` on `app` with `secret` (a session token or an IST) as the Basic password. */
export function callOn(
  ctx: TestContext,
  app: FastifyInstance,
  secret: string,
  path: string,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/sdk/v1${path}`,
    headers: sdkHeaders(ctx.dev.public_token, secret),
    payload,
  });
}

/** A fresh IST of `email` from a password sign-in on `app` (the project must hold it back); throws otherwise. */
export async function istFor(
  ctx: TestContext,
  email: string,
  options: { password?: string; app?: FastifyInstance } = {},
): Promise<string> {
  const response = await (options.app ?? ctx.app).inject({
    method: 'POST',
    url: '/sdk/v1/passwords/authenticate',
    headers: sdkHeaders(ctx.dev.public_token),
    remoteAddress: freshPasswordIp(),
    payload: { email, password: options.password ?? STRONG_PASSWORD, session_duration_minutes: 60 },
  });
  const ist = json(response).data?.intermediate_session_token;
  if (response.statusCode !== 200 || typeof ist !== 'string') throw new Error(`no IST: ${response.body}`);
  return ist;
}

/** What a client can see of a refusal, without the per-request id. */
export function seen(response: LightMyRequestResponse) {
  const body = json(response);
  return {
    status: response.statusCode,
    error_type: body.error_type as string | undefined,
    error_message: body.error_message as string | undefined,
    retry_after: response.headers['retry-after'],
  };
}

/**
 * Fails `count` consecutive second factors of the user `email` (TOTP codes and recovery codes in
 * turn), each through a fresh IST every five attempts, waiting out the per-user rate window on
 * the manual clock before each IST; `apps` take turns. Returns every answer in order.
 */
export async function failSecondFactors(
  ctx: TestContext,
  user: { email: string; secret: string; password?: string },
  count: number,
  apps: FastifyInstance[] = [ctx.app],
): Promise<LightMyRequestResponse[]> {
  const answers: LightMyRequestResponse[] = [];
  let ist = '';
  for (let i = 0; i < count; i += 1) {
    const app = apps[Math.floor(i / 5) % apps.length] as FastifyInstance;
    if (i % 5 === 0) {
      ctx.clock.advance(SECOND_FACTOR_ATTEMPTS_PER_USER.windowSeconds * 1000);
      ist = await istFor(ctx, user.email, { app, ...(user.password ? { password: user.password } : {}) });
    }
    answers.push(
      i % 2 === 0
        ? await callOn(ctx, app, ist, '/totps/authenticate', {
            totp_code: wrongTotpCode(user.secret, ctx.clock.now()),
          })
        : await callOn(ctx, app, ist, '/totps/recover', { recovery_code: WRONG_RECOVERY_CODE }),
    );
  }
  return answers;
}

/** Sets the user's consecutive failed second factors as if `failures` had just happened. */
export async function givenSecondFactorFailures(
  ctx: TestContext,
  userId: string,
  failures: number,
): Promise<void> {
  await ctx.db
    .insertInto('second_factor_failures')
    .values({ user_id: userId, project_id: ctx.dev.project.id, failures, last_failure_at: ctx.clock.now() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ failures }))
    .execute();
}

/**
 * The user's stored count of consecutive failed second factors, as `on` (a context or the second
 * instance) reads it; undefined when no row is stored (the repository's secondFactorFailuresOf says 0).
 */
export async function storedSecondFactorFailures(
  on: Pick<TestContext, 'db'>,
  userId: string,
): Promise<number | undefined> {
  const row = await on.db
    .selectFrom('second_factor_failures')
    .select('failures')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.failures;
}

/** The user's second-factor lock rows, oldest first. */
export const secondFactorLockRows = (ctx: Pick<TestContext, 'db'>, userId: string) =>
  lockRowsOf(ctx, 'second_factor_lockouts', userId);
