/** Intent-named steps of the TOTP and multi-factor flows, driven through the real HTTP API; codes are computed from the secret. */
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { hashToken } from '../src/crypto/tokens.js';
import { givenSignedInUser } from './magic-link-helpers.js';
import { postPasswords, STRONG_PASSWORD } from './password-helpers.js';
import { rowCounts } from './row-counts.js';
import { json, sdkHeaders, type TestContext } from './test-app.js';

/** The 6-digit code of `secret` (base32) at `at`, as an authenticator app would show it. */
export function totpCode(secret: string, at: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });
}

/** The code of `secret` at the test clock's now. */
export function currentCode(ctx: TestContext, secret: string): string {
  return totpCode(secret, ctx.clock.now());
}

/** Moves the clock to the next 30-second step, so a fresh code exists (the last one was used). */
export function nextStep(ctx: TestContext): void {
  ctx.clock.advance(30_000);
}

/** A 6-digit code other than `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** Calls `/sdk/v1{path}` with `secret` (a session token or an IST) as the Basic password. */
export function callSdk(
  ctx: TestContext,
  secret: string | undefined,
  path: string,
  payload?: unknown,
  options: { method?: 'POST' | 'PUT' | 'GET' | 'DELETE'; publicToken?: string } = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: options.method ?? 'POST',
    url: `/sdk/v1${path}`,
    headers: sdkHeaders(options.publicToken ?? ctx.dev.public_token, secret),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** POST /totps/authenticate with `code`. */
export function authenticateTotp(ctx: TestContext, secret: string, code: string) {
  return callSdk(ctx, secret, '/totps/authenticate', { totp_code: code, session_duration_minutes: 60 });
}

/** POST /totps/recover with `code`. */
export function recoverWith(ctx: TestContext, secret: string, code: string) {
  return callSdk(ctx, secret, '/totps/recover', { recovery_code: code, session_duration_minutes: 60 });
}

/** What POST /totps answered. */
export interface EnrolledTotp {
  user_id: string;
  totp_id: string;
  secret: string;
  qr_code: string;
  recovery_codes: string[];
}

/** POST /totps with a session token or IST; throws unless 200. */
export async function createTotp(ctx: TestContext, secret: string, body: Record<string, unknown> = {}) {
  const response = await callSdk(ctx, secret, '/totps', body);
  if (response.statusCode !== 200) throw new Error(`create failed: ${response.body}`);
  return json(response).data as EnrolledTotp & Record<string, unknown>;
}

/** A user of a project without MFA, signed in by magic link, with a confirmed TOTP; the clock is then moved one step on. */
export async function givenTotpUser(ctx: TestContext, email: string) {
  const signedIn = await givenSignedInUser(ctx, email);
  const totp = await createTotp(ctx, signedIn.session_token);
  const confirmed = await authenticateTotp(ctx, signedIn.session_token, currentCode(ctx, totp.secret));
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
  nextStep(ctx);
  return { ...totp, session_token: signedIn.session_token };
}

/** POST /passwords/authenticate; on a project that requires MFA the data holds the IST. */
export function passwordSignIn(ctx: TestContext, email: string) {
  return postPasswords(ctx, '/passwords/authenticate', {
    email,
    password: STRONG_PASSWORD,
    session_duration_minutes: 60,
  });
}

/** A fresh IST of `email` (password sign-in on a project that requires MFA); throws unless it is one. */
export async function givenIst(ctx: TestContext, email: string): Promise<string> {
  const response = await passwordSignIn(ctx, email);
  const ist = json(response).data?.intermediate_session_token;
  if (response.statusCode !== 200 || typeof ist !== 'string') throw new Error(`no IST: ${response.body}`);
  return ist;
}

/**
 * A password user of the development project (which must require MFA) who enrolled a TOTP
 * during the sign-up's MFA step; returns the TOTP, the session that step made and the email.
 */
export async function givenMfaUser(ctx: TestContext, email: string) {
  const created = await postPasswords(ctx, '/passwords', {
    email,
    password: STRONG_PASSWORD,
    session_duration_minutes: 60,
  });
  const ist = json(created).data?.intermediate_session_token;
  if (created.statusCode !== 200 || typeof ist !== 'string') throw new Error(`no IST: ${created.body}`);
  const totp = await createTotp(ctx, ist);
  const completed = await authenticateTotp(ctx, ist, currentCode(ctx, totp.secret));
  if (completed.statusCode !== 200) throw new Error(`MFA failed: ${completed.body}`);
  nextStep(ctx);
  return { ...totp, email, session_token: json(completed).data.session_token as string };
}

/** Row counts of everything a second-factor attempt could change. */
export async function mfaSnapshot(ctx: TestContext) {
  const counts = await rowCounts(ctx, ['sessions', 'intermediate_sessions', 'totps', 'totp_recovery_codes']);
  const unusedCodes = await ctx.db
    .selectFrom('totp_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  const totps = await ctx.db
    .selectFrom('totps')
    .select(['id', 'verified', 'last_used_step'])
    .orderBy('id')
    .execute();
  return {
    counts,
    unusedCodes: Number(unusedCodes.n),
    totps: totps.map((t) => ({
      ...t,
      last_used_step: t.last_used_step === null ? null : Number(t.last_used_step),
    })),
  };
}

/** The stored row of the IST `token` (by its hash). */
export async function istRow(ctx: TestContext, token: string) {
  return ctx.db
    .selectFrom('intermediate_sessions')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
}
