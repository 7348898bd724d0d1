/** @module otps-authenticate.service — trading a passcode for a session (or a factor on the signed-in one), with at most 5 evaluated attempts per code. */
import { INVALID_PASSCODE_MESSAGE } from '@latchkey/wire/messages';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { ApiError } from '../../errors/api-error.js';
import type { IntermediateSessionRow } from '../mfa/intermediate-sessions.table.js';
import type { SecondFactorService } from '../mfa/second-factor.service.js';
import type { Project } from '../projects/project.js';
import { type RedeemProof, signInWithProvenFactor } from '../sessions/proven-factor-sign-in.js';
import type { PrimarySignIn, SessionAttributes, SessionsService } from '../sessions/sessions.service.js';
import { otpCodeMatches } from './otp-code.js';
import { MAX_OTP_ATTEMPTS } from './otp-policy.js';
import { otpFactor, proveMethod } from './otp-recipients.js';
import { findCurrentOtpCode, otpCodes, takeOtpAttempt } from './otps.repository.js';
import type { AuthenticateInput } from './otps.schemas.js';
import type { OtpCodeRow } from './otps.table.js';
import type { PasscodeLock } from './passcode-lock.js';

/** A used passcode: the new session (or intermediate session) and the method (email_id or phone_id) it proved. */
export type RedeemedOtp = PrimarySignIn & { methodId: string };

/**
 * The messages of 401 unable_to_auth_otp_code. They depend only on the code's state, never on
 * whether the recipient has an account: unknown recipients get decoy codes that fail the same
 * way (SECURITY E3).
 */
export const OTP_MESSAGES = {
  invalid: INVALID_PASSCODE_MESSAGE,
  lastAttempt: 'Invalid passcode. That was the last attempt for this code: request a new code.',
  tooManyAttempts: 'Too many attempts were made with this passcode: request a new code.',
  expired: 'This passcode has expired: request a new code.',
} as const;

const refuse = (message: string) => new ApiError('unable_to_auth_otp_code', { message });

/**
 * Why no attempt could be taken: the open code is dead or expired, or there is nothing to try.
 * A code someone else asked for (send/secondary) says nothing about its state to this caller.
 */
function refusalFor(current: OtpCodeRow | undefined, now: Date, callerUserId: string | null): ApiError {
  const askedByOther = current?.requested_by_user_id != null && current.requested_by_user_id !== callerUserId;
  if (askedByOther) return refuse(OTP_MESSAGES.invalid);
  const open = current && current.consumed_at === null && current.revoked_at === null;
  if (open && current.attempts >= MAX_OTP_ATTEMPTS) return refuse(OTP_MESSAGES.tooManyAttempts);
  if (open && current.expires_at <= now) return refuse(OTP_MESSAGES.expired);
  // Unknown method, used or replaced code: a wrong code as far as the caller can tell.
  return refuse(OTP_MESSAGES.invalid);
}

/** The passcode authenticate service. */
export interface OtpsAuthenticateService {
  /**
   * Checks `input.token` against the open code of `input.method_id`. The attempt is counted
   * (and committed) before the comparison, so parallel guesses cannot exceed the limit; a
   * matching code is consumed by one guarded UPDATE in the transaction that uses it.
   *
   * A login or signup code makes a new session (a `presented` session is ignored, SECURITY
   * D1). A secondary code is tried only with the live session of the user who asked for it
   * (issue 16: an add-address code is no sign-in); it attaches the address or number and adds
   * the factor to that same session. Anyone else's attempt is refused with nothing counted.
   *
   * Every evaluated wrong code also counts against its destination's lasting cap
   * (passcode-lock.ts), decoys too, so the lock says nothing about who has an account; a right
   * code ends the run, or is refused and left unused while the destination is locked.
   */
  redeem: RedeemProof<AuthenticateInput, RedeemedOtp>;

  /**
   * Completes the sign-in of `intermediate` with an SMS code its own user asked for at
   * send/secondary (SECURITY D2; a login code is no second factor): refused unchecked while the
   * user's second factor is locked; the attempt is counted on the code as above, and a failure
   * also on the IST (SECURITY A6) and against the user's lasting cap; a matching code is
   * consumed with the IST in one transaction that makes the session.
   */
  completeSignIn(
    project: Project,
    intermediate: IntermediateSessionRow,
    input: AuthenticateInput,
    attributes: SessionAttributes,
  ): Promise<RedeemedOtp>;
}

/** Creates the passcode authenticate service. */
export function createOtpsAuthenticateService(deps: {
  db: Db;
  clock: Clock;
  sessions: SessionsService;
  secondFactor: SecondFactorService;
  passcodeLock: PasscodeLock;
  /** Where an address or number added by a secondary code (`factor.added`) is announced. */
  events?: DomainEventBus;
}): OtpsAuthenticateService {
  return {
    async redeem(project, input, attributes, presented) {
      const now = deps.clock.now();
      const callerUserId = presented?.row.user_id ?? null;
      const attempt = await takeOtpAttempt(deps.db, project.id, input.method_id, now, callerUserId);
      if (!attempt) {
        const current = await findCurrentOtpCode(deps.db, project.id, input.method_id);
        throw refusalFor(current, now, callerUserId);
      }
      const userId = attempt.user_id;
      const matches = otpCodeMatches(
        input.token,
        { codeHash: attempt.code_hash, salt: attempt.salt },
        attempt.method_id,
      );
      const destination = { channel: attempt.channel, value: attempt.destination };
      // A decoy's code was never sent, so even a lucky guess at it proves nothing.
      if (!matches || userId === null || attempt.purpose === 'decoy') {
        const locked = await deps.passcodeLock.fail(project, destination);
        throw (
          locked ??
          refuse(attempt.attempts >= MAX_OTP_ATTEMPTS ? OTP_MESSAGES.lastAttempt : OTP_MESSAGES.invalid)
        );
      }
      const unusable = () => refuse(OTP_MESSAGES.invalid);
      // takeOtpAttempt let only the asker's session try a secondary code; this states it again.
      const stepUp = attempt.purpose === 'secondary' ? presented : undefined;
      if (attempt.purpose === 'secondary' && stepUp?.row.user_id !== userId) throw unusable();

      return inTransaction(deps.db, async (trx) => {
        const at = deps.clock.now();
        await deps.passcodeLock.succeed(trx, project, destination);
        const consumed = await otpCodes.consume(trx, { id: attempt.id }, at);
        if (!consumed) throw unusable();
        const methodId = await proveMethod(
          trx,
          project,
          { ...consumed, user_id: userId },
          at,
          unusable,
          deps.events,
          attributes.actor,
        );
        const factor = otpFactor({ channel: consumed.channel, value: consumed.destination }, methodId, at);
        const session = await signInWithProvenFactor(
          trx,
          deps.sessions,
          {
            project,
            stepUp,
            userId,
            factor,
            durationMinutes: input.session_duration_minutes,
            attributes,
            at,
          },
          unusable,
        );
        return { ...session, methodId };
      });
    },

    async completeSignIn(project, intermediate, input, attributes) {
      await deps.secondFactor.assertSmsSecondFactor(intermediate);
      const userId = intermediate.user_id;
      // Before the code is touched: the user's lasting cap and rate limit (second-factor-lock.ts).
      await deps.secondFactor.admit(project, userId);
      const now = deps.clock.now();
      const attempt = await takeOtpAttempt(deps.db, project.id, input.method_id, now, userId);
      if (!attempt) {
        const current = await findCurrentOtpCode(deps.db, project.id, input.method_id);
        return deps.secondFactor.fail(project, intermediate, refusalFor(current, now, userId));
      }
      const matches = otpCodeMatches(
        input.token,
        { codeHash: attempt.code_hash, salt: attempt.salt },
        attempt.method_id,
      );
      // Someone else's code, one sent by email, or a sign-in code proves nothing about this sign-in's user.
      const own =
        attempt.purpose === 'secondary' &&
        attempt.user_id === userId &&
        attempt.requested_by_user_id === userId &&
        attempt.channel === 'sms';
      const wrong = refuse(
        attempt.attempts >= MAX_OTP_ATTEMPTS ? OTP_MESSAGES.lastAttempt : OTP_MESSAGES.invalid,
      );
      const done = await deps.secondFactor.complete(
        project,
        intermediate,
        { durationMinutes: input.session_duration_minutes, attributes },
        async (trx) => {
          if (!matches || !own) return { ok: false, error: wrong };
          const at = deps.clock.now();
          const consumed = await otpCodes.consume(trx, { id: attempt.id }, at);
          if (!consumed) return { ok: false, error: refuse(OTP_MESSAGES.invalid) };
          const unusable = () => refuse(OTP_MESSAGES.invalid);
          const user = { ...consumed, user_id: intermediate.user_id };
          const methodId = await proveMethod(trx, project, user, at, unusable);
          const destination = { channel: consumed.channel, value: consumed.destination };
          return { ok: true, factor: otpFactor(destination, methodId, at), value: methodId };
        },
      );
      return { row: done.row, token: done.token, methodId: done.value };
    },
  };
}
