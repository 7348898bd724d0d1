/** Intent-named steps of the passcode flows, driven through the real HTTP API and the dev outbox. */
import type { LightMyRequestResponse } from 'fastify';
import { outboxFor } from './magic-link-helpers.js';
import { rowCounts } from './row-counts.js';
import { freshAddressesIn, type SdkCallOptions, sdkPost } from './sdk-call.js';
import { json, type TestContext } from './test-app.js';

/** The passcode channels. */
export type OtpChannel = 'email' | 'sms' | 'whatsapp';
/** The send endpoints. */
export type OtpEndpoint = 'login_or_create' | 'send/primary' | 'send/secondary';

/** Options of a send beyond its recipient. */
export interface SendOtpOptions extends SdkCallOptions {
  endpoint?: OtpEndpoint;
  body?: Record<string, unknown>;
}

/** A client address no other call used, so tests only meet the IP limit on purpose. */
export const freshIp = freshAddressesIn(9);

/** Asks for a code on `channel` for `to` (an email address or a phone number). */
export function sendOtp(
  ctx: TestContext,
  channel: OtpChannel,
  to: string,
  options: SendOtpOptions = {},
): Promise<LightMyRequestResponse> {
  // The send limits count per IP: a fresh address per call unless the test names one.
  return sdkPost(
    ctx,
    `/otps/${channel}/${options.endpoint ?? 'login_or_create'}`,
    { ...(channel === 'email' ? { email: to } : { phone_number: to }), ...options.body },
    { ...options, ip: options.ip ?? freshIp() },
  );
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
  options: SdkCallOptions & { body?: Record<string, unknown> } = {},
): Promise<LightMyRequestResponse> {
  const payload = { token, method_id: methodId, session_duration_minutes: 60, ...options.body };
  return sdkPost(ctx, '/otps/authenticate', payload, options);
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
