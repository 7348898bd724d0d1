/** @module machine/otp-effects — the one-time passcode calls: send, resend and authenticate. */
import { sessionDurationOf } from '../config.js';
import { otpExpirationOf, otpSendOptionsOf } from '../otp-config.js';
import { type EffectContext, emit, fail, log, report } from './effect-context.js';
import type { Event } from './event.js';
import type { OtpChannel } from './screen.js';
import type { MachineState } from './state.js';

/** What a send produced: the id to authenticate against and when its code expires. */
interface SentCode {
  methodId: string;
  expiresAt: number;
}

/** Sends a code to `recipient` (an email or an E.164 number) and tells the host. */
async function sendCode(channel: OtpChannel, recipient: string, ctx: EffectContext): Promise<SentCode> {
  const options = otpSendOptionsOf(ctx.config, channel);
  const data = await ctx.client.otps[channel].loginOrCreate(recipient, options);
  emit(ctx, 'OTP_LOGIN_OR_CREATE', data);
  if (channel === 'email') log(ctx, 'email_sent', { email: recipient, type: 'login_or_create_otp' });
  // The code's lifetime starts when the provider answered; the countdown runs on the same clock.
  return { methodId: data.method_id, expiresAt: ctx.clock.now() + otpExpirationOf(ctx.config) * 60_000 };
}

/** Main: send the first code, then show OTPAuthenticate. */
export async function submitOtp(
  event: { channel: OtpChannel; recipient: string; destination: string },
  ctx: EffectContext,
): Promise<Event> {
  const recipient = event.channel === 'email' ? event.recipient.trim() : event.recipient;
  try {
    const sent = await sendCode(event.channel, recipient, ctx);
    const otpDestination = event.channel === 'email' ? recipient : event.destination || recipient;
    return { type: 'OTP_SENT', otpState: { type: event.channel, recipient, otpDestination, ...sent } };
  } catch (error) {
    return fail(ctx, error);
  }
}

/** OTPAuthenticate: the same send again; its new method id replaces the old one (spec §4). */
export async function resendOtp(state: MachineState, ctx: EffectContext): Promise<Event> {
  if (state.screen.name !== 'OTPAuthenticate')
    return { type: 'OTP_RESEND_FAILED', error: { code: 'unknown' } };
  const { type, recipient } = state.screen.otpState;
  try {
    return { type: 'OTP_RESENT', ...(await sendCode(type, recipient, ctx)) };
  } catch (error) {
    return { type: 'OTP_RESEND_FAILED', error: report(ctx, error) };
  }
}

/** OTPAuthenticate: check the six digits against the latest method id. */
export async function authenticateOtp(state: MachineState, code: string, ctx: EffectContext): Promise<Event> {
  if (state.screen.name !== 'OTPAuthenticate') return { type: 'REQUEST_FAILED', error: { code: 'unknown' } };
  const { methodId } = state.screen.otpState;
  try {
    const result = await ctx.client.otps.authenticate(code, methodId, {
      sessionDurationMinutes: sessionDurationOf(ctx.config),
    });
    emit(ctx, 'OTP_AUTHENTICATE', result);
    log(ctx, 'ui_authentication_success', { method: 'otp' });
    return { type: 'AUTHENTICATED', result };
  } catch (error) {
    return fail(ctx, error);
  }
}
