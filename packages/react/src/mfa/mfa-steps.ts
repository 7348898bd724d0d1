/**
 * @module mfa/mfa-steps — the second-factor calls of MFAAuthenticate: the authenticator app's
 * code, a recovery code, a texted code, and setting up an app (`docs/contracts.md`, issue 9). The
 * client sends each with the sign-in's intermediate session token. machine/mfa-effects.ts runs
 * them through runMfaCommand; part of latchkey-mfa.js with the screen.
 */
import { sessionDurationOf } from '../config.js';
import { type EffectContext, emit, fail, log } from '../machine/effect-context.js';
import type { Event } from '../machine/event.js';
import type { MfaCommand } from '../machine/mfa-effects.js';
import type { Screen } from '../machine/screen.js';
import { otpSendOptionsOf } from '../otp-config.js';

/** Runs one sign-in call and reports it: the host event, telemetry, then AUTHENTICATED. */
async function signIn(
  ctx: EffectContext,
  hostEvent: string,
  method: string,
  call: () => Promise<unknown>,
): Promise<Event> {
  try {
    const result = await call();
    emit(ctx, hostEvent, result);
    log(ctx, 'ui_authentication_success', { method });
    return { type: 'AUTHENTICATED', result };
  } catch (error) {
    return fail(ctx, error);
  }
}

/** MFA_CODE_ENTERED: the texted code against its send, else the authenticator app's code. */
export function authenticateSecondFactor(screen: Screen, code: string, ctx: EffectContext): Promise<Event> {
  const sessionDurationMinutes = sessionDurationOf(ctx.config);
  if (screen.name === 'MFAAuthenticate' && screen.mode === 'sms' && screen.methodId) {
    const { methodId } = screen;
    return signIn(ctx, 'OTP_AUTHENTICATE', 'otp', () =>
      ctx.client.otps.authenticate(code, methodId, { sessionDurationMinutes }),
    );
  }
  return signIn(ctx, 'TOTP_AUTHENTICATE', 'totp', () =>
    ctx.client.totps.authenticate({ totp_code: code, session_duration_minutes: sessionDurationMinutes }),
  );
}

/** MFA_RECOVERY_CODE_SUBMITTED: signs in with one of the user's recovery codes. */
export function recoverSignIn(code: string, ctx: EffectContext): Promise<Event> {
  return signIn(ctx, 'TOTP_RECOVER', 'recovery_code', () =>
    ctx.client.totps.recover({
      recovery_code: code.trim(),
      session_duration_minutes: sessionDurationOf(ctx.config),
    }),
  );
}

/** MFA_SMS_REQUESTED: texts a code to the user's verified phone. */
export async function sendSecondFactorSms(screen: Screen, ctx: EffectContext): Promise<Event> {
  try {
    const phone = screen.name === 'MFAAuthenticate' ? (screen.phone ?? '') : '';
    const sent = await ctx.client.otps.sms.send(phone, otpSendOptionsOf(ctx.config, 'sms'));
    emit(ctx, 'OTP_SEND', sent);
    return { type: 'MFA_SMS_SENT', methodId: sent.method_id };
  } catch (error) {
    return fail(ctx, error);
  }
}

/** Entering MFAAuthenticate with `mfa.enrol` (or 'Try again'): a new authenticator app to scan. */
export async function enrolAuthenticatorApp(ctx: EffectContext): Promise<Event> {
  try {
    const created = await ctx.client.totps.create();
    emit(ctx, 'TOTP_CREATE', created);
    const { qr_code: qrCode, secret, recovery_codes: recoveryCodes } = created;
    return { type: 'MFA_ENROLMENT_STARTED', enrolment: { qrCode, secret, recoveryCodes } };
  } catch (error) {
    return fail(ctx, error);
  }
}

/** The call behind one request of MFAAuthenticate (`screen`, the state it was accepted in). */
export function runMfaCommand(screen: Screen, event: MfaCommand, ctx: EffectContext): Promise<Event> {
  switch (event.type) {
    case 'MFA_CODE_ENTERED':
      return authenticateSecondFactor(screen, event.code, ctx);
    case 'MFA_RECOVERY_CODE_SUBMITTED':
      return recoverSignIn(event.code, ctx);
    case 'MFA_SMS_REQUESTED':
      return sendSecondFactorSms(screen, ctx);
    case 'MFA_ENROLMENT_REQUESTED':
      return enrolAuthenticatorApp(ctx);
  }
}
