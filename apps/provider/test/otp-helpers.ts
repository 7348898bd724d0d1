/** Intent-named steps of the passcode flows, driven through the real HTTP API and the dev outbox. */
import type { LightMyRequestResponse } from 'fastify';
import { outboxFor } from './magic-link-helpers.js';
import { rowCounts } from './row-counts.js';
import { json, sdkHeaders, type TestContext } from './test-app.js';

/** The passcode channels. */
export type OtpChannel = 'email' | 'sms' | 'whatsapp';
/** The send endpoints. */
export type OtpEndpoint = 'login_or_create' | 'send/primary' | 'send/secondary';

/** Options of a send beyond its recipient. */
export interface SendOtpOptions {
  endpoint?: OtpEndpoint;
  body?: Record<string, unknown>;
  publicToken?: string;
  sessionToken?: string;
  /** The client address (send limits count per IP); a fresh one per call by default. */
  ip?: string;
  app?: TestContext['app'];
}

let nextIp = 0;
/** A client address no other call used, so tests only meet the IP limit on purpose. */
export function freshIp(): string {
  nextIp += 1;
  return `10.9.${nextIp >> 8}.${nextIp & 255}`;
}

/** Asks for a code on `channel` for `to` (an email address or a phone number). */
export function sendOtp(
  ctx: TestContext,
  channel: OtpChannel,
  to: string,
  options: SendOtpOptions = {},
): Promise<LightMyRequestResponse> {
  return (options.app ?? ctx.app).inject({
    method: 'POST',
    url: `/sdk/v1/otps/${channel}/${options.endpoint ?? 'login_or_create'}`,
    headers: sdkHeaders(options.publicToken ?? ctx.dev.public_token, options.sessionToken),
    remoteAddress: options.ip ?? freshIp(),
    payload: { ...(channel === 'email' ? { email: to } : { phone_number: to }), ...options.body },
  });
}

/** The 6-digit code in a message text (`Your … code is 123456`). */
export function codeFromText(text: string): string {
  const match = /code is (\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no passcode in: ${text}`);
  return match[1];
}

/** The code of the newest outbox message to `to`. */
export async function latestCode(ctx: TestContext, to: string): Promise<string> {
  const [newest] = await outboxFor(ctx, to);
  if (!newest) throw new Error(`no message to ${to}`);
  return codeFromText(newest.text as string);
}

/** A 6-digit code other than `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** Redeems a code for `methodId`. */
export function authenticateOtp(
  ctx: TestContext,
  token: string,
  methodId: string,
  options: {
    body?: Record<string, unknown>;
    publicToken?: string;
    /** A session token or IST for the Basic password (signed out when absent). */
    sessionToken?: string;
    app?: TestContext['app'];
  } = {},
): Promise<LightMyRequestResponse> {
  return (options.app ?? ctx.app).inject({
    method: 'POST',
    url: '/sdk/v1/otps/authenticate',
    headers: sdkHeaders(options.publicToken ?? ctx.dev.public_token, options.sessionToken),
    payload: { token, method_id: methodId, session_duration_minutes: 60, ...options.body },
  });
}

/** Sends a code and returns the send's data and the code from the outbox. */
export async function givenCodeSent(
  ctx: TestContext,
  channel: OtpChannel,
  to: string,
  options: SendOtpOptions = {},
): Promise<{ method_id: string; user_id: string; code: string }> {
  const response = await sendOtp(ctx, channel, to, options);
  if (response.statusCode !== 200) throw new Error(`send failed: ${response.body}`);
  const { data } = json(response);
  return { method_id: data.method_id, user_id: data.user_id, code: await latestCode(ctx, to) };
}

/** Row counts of everything a send or an attempt could touch (SECURITY §0 "nothing changed"). */
export async function otpSnapshot(ctx: TestContext): Promise<Record<string, number>> {
  return rowCounts(ctx, ['users', 'emails', 'phone_numbers', 'otp_codes', 'sessions', 'outbox_messages']);
}

/** Gives the user a verified phone number straight in the database, as an earlier code would have. */
export async function givenVerifiedPhone(
  ctx: TestContext,
  phone: { id: string; userId: string; phoneNumber: string },
): Promise<void> {
  await ctx.db
    .insertInto('phone_numbers')
    .values({
      id: phone.id,
      project_id: ctx.dev.project_id,
      user_id: phone.userId,
      phone_number: phone.phoneNumber,
      verified: true,
      created_at: ctx.clock.now(),
    })
    .execute();
}
