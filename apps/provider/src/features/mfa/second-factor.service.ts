/**
 * @module second-factor.service — completing a sign-in that waits for its second factor, or
 * stepping a session up: the IST lookup, the failure counters (per IST, SECURITY A6; per user
 * and lasting, second-factor-lock.ts) and the single use of the IST (SECURITY D2).
 */
import type { Clock } from '../../clock.js';
import { hashToken } from '../../crypto/tokens.js';
import type { Db, Transaction } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { ApiError } from '../../errors/api-error.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import { phoneDirectory } from '../phone-numbers/phone-directory.js';
import type { Project } from '../projects/project.js';
import { isIntermediateSessionToken } from '../sessions/intermediate-session-token.js';
import type { CreatedSession, SessionAttributes, SessionsService } from '../sessions/sessions.service.js';
import type { AuthenticationFactor, SessionRow } from '../sessions/sessions.table.js';
import { intermediateSessions } from './intermediate-sessions.repository.js';
import type { IntermediateSessionRow } from './intermediate-sessions.table.js';
import { MAX_SECOND_FACTOR_FAILURES, SECOND_FACTOR_ATTEMPTS_PER_USER } from './mfa-policy.js';
import { type Attempted, runSecondFactorAttempt } from './second-factor-attempt.js';
import { type SecondFactorLock, secondFactorLocked } from './second-factor-lock.js';

/** What a proof decided, inside the IST's lock: a factor (and the caller's extra value), or a failure to count. */
export type SecondFactorProof<T> =
  | { ok: true; factor: AuthenticationFactor; value: T }
  | { ok: false; error: ApiError };

/** Checks a second factor inside the attempt's transaction; writes nothing when the proof fails. */
export type SecondFactorProver<T> = (trx: Transaction) => Promise<SecondFactorProof<T>>;

/** Who is calling an endpoint that takes a session or an IST. */
export type SessionOrIntermediate =
  | { kind: 'session'; session: SessionRow; token: string }
  | { kind: 'intermediate'; intermediate: IntermediateSessionRow };

/** The second-factor service. */
export interface SecondFactorService {
  /** The caller's live session, or its live IST (401 intermediate_session_not_found otherwise). */
  callerOf(project: Project, secret: string | null): Promise<SessionOrIntermediate>;
  /** The live IST of `token`, or 401 intermediate_session_not_found. */
  requireLive(project: Project, token: string): Promise<IntermediateSessionRow>;
  /**
   * Before any code of `userId` is looked at: 429 too_many_requests while the user's second
   * factor is locked (second-factor-lock.ts), else counts the attempt against the per-user rate
   * limit (429 with Retry-After past it, nothing counted).
   */
  admit(project: Project, userId: string): Promise<void>;
  /**
   * Runs `prove` under the IST's row lock, the attempt counted first against the user's lasting
   * cap (429 at the cap, nothing checked). A failed proof stays counted there and on the IST (the
   * fifth → 429 and the IST revoked; the user's cap-th → the lock and its 429) and its error is
   * thrown; a passed one clears the user's count, uses the IST up and makes a session listing the
   * primary factor and the new one. `prove` must write nothing when it fails.
   */
  complete<T>(
    project: Project,
    intermediate: IntermediateSessionRow,
    session: { durationMinutes: number | undefined; attributes: SessionAttributes },
    prove: SecondFactorProver<T>,
  ): Promise<CreatedSession & { value: T }>;
  /**
   * The same with a live session instead of an IST: a passed proof adds the factor to that
   * session (extended when a duration is given); failures count against the user's cap alike.
   */
  stepUp<T>(
    project: Project,
    session: SessionRow,
    durationMinutes: number | undefined,
    prove: SecondFactorProver<T>,
  ): Promise<SessionRow>;
  /** Counts a failure found before any proof could run (e.g. no open SMS code) and throws it. */
  fail(project: Project, intermediate: IntermediateSessionRow, error: ApiError): Promise<never>;
  /**
   * An IST may have an SMS code sent only to its user's verified number (400 invalid_phone_number
   * otherwise), and not after a primary SMS sign-in (403 mfa_required: the same phone twice is one factor).
   */
  assertSmsSecondFactor(intermediate: IntermediateSessionRow, phoneNumber?: string): Promise<void>;
}

const notFound = () => new ApiError('intermediate_session_not_found');

const exhausted = (cause: ApiError) =>
  new ApiError('too_many_requests', {
    message: 'Too many wrong codes: this sign-in has ended. Sign in again.',
    cause,
  });

/** Creates the second-factor service. */
export function createSecondFactorService(deps: {
  db: Db;
  clock: Clock;
  sessions: SessionsService;
  limiter: RateLimiter;
  lock: SecondFactorLock;
}): SecondFactorService {
  const { db, clock, lock } = deps;

  async function requireLive(project: Project, token: string): Promise<IntermediateSessionRow> {
    const row = await intermediateSessions.findOpen(
      db,
      { project_id: project.id, token_hash: hashToken(token) },
      clock.now(),
    );
    if (!row) throw notFound();
    return row;
  }

  /**
   * After the commit: a failure that reached the user's cap announces the lock and answers with
   * it; otherwise the failure's error, or 429 when it was the last one the IST allowed.
   */
  function refuse(outcome: Extract<Attempted<unknown>, { ok: false }>): never {
    lock.announceStart(outcome.started);
    if (outcome.capped) throw secondFactorLocked(outcome.error);
    const failures = outcome.istFailures;
    if (failures !== undefined && failures >= MAX_SECOND_FACTOR_FAILURES) throw exhausted(outcome.error);
    throw outcome.error;
  }

  return {
    requireLive,

    async callerOf(project, secret) {
      if (isIntermediateSessionToken(secret))
        return { kind: 'intermediate', intermediate: await requireLive(project, secret) };
      const session = await deps.sessions.requireLive(project, secret);
      return { kind: 'session', session, token: secret as string };
    },

    async admit(project, userId) {
      // The lock first: its answer says what to do, and waiting out the rate limit would not help.
      await lock.assertOpen(userId);
      const decision = await deps.limiter.consume(project.id, [
        { scope: 'second_factor.user', key: userId, ...SECOND_FACTOR_ATTEMPTS_PER_USER },
      ]);
      if (decision.allowed) return;
      throw new ApiError('too_many_requests', {
        message: `Too many codes were tried for this account. Try again in ${decision.retryAfterSeconds} seconds.`,
        headers: { 'retry-after': String(decision.retryAfterSeconds) },
      });
    },

    async complete(project, intermediate, session, prove) {
      const outcome = await inTransaction(db, async (trx) => {
        const now = clock.now();
        const live = await intermediateSessions.findOpen(trx, { id: intermediate.id }, now, {
          forUpdate: true,
        });
        if (!live) throw notFound();
        const who = { userId: live.user_id, firstFactor: live.primary_factor };
        return runSecondFactorAttempt(
          trx,
          { lock, clock },
          project,
          who,
          prove,
          async (proof) => {
            if (!(await intermediateSessions.consume(trx, { id: live.id }, now))) throw notFound();
            const created = await deps.sessions.create(trx, {
              project,
              userId: live.user_id,
              factor: proof.factor,
              earlierFactors: [live.primary_factor],
              durationMinutes: session.durationMinutes,
              attributes: session.attributes,
            });
            return { ...created, value: proof.value };
          },
          () => intermediateSessions.countFailure(trx, { id: live.id }, now, MAX_SECOND_FACTOR_FAILURES),
        );
      });
      if (!outcome.ok) refuse(outcome);
      return outcome.value;
    },

    async stepUp(project, session, durationMinutes, prove) {
      const outcome = await inTransaction(db, (trx) =>
        runSecondFactorAttempt(
          trx,
          { lock, clock },
          project,
          { userId: session.user_id, firstFactor: session.authentication_factors[0] },
          prove,
          (proof) => deps.sessions.addFactor(trx, project, session.id, proof.factor, durationMinutes),
        ),
      );
      if (!outcome.ok) refuse(outcome);
      return outcome.value;
    },

    async assertSmsSecondFactor(intermediate, phoneNumber) {
      if (intermediate.primary_factor.delivery_method === 'sms')
        throw new ApiError('mfa_required', {
          message:
            'This sign-in used an SMS code already: complete it with an authenticator app or a recovery code.',
        });
      if (phoneNumber === undefined) return;
      if (!(await phoneDirectory.isVerifiedNumberOf(db, intermediate.user_id, phoneNumber)))
        throw new ApiError('invalid_phone_number', {
          message: 'During sign-in, the code can only go to the verified phone number of the account.',
        });
    },

    async fail(project, intermediate, error) {
      const outcome = await inTransaction(db, async (trx): Promise<Attempted<never>> => {
        const now = clock.now();
        const live = await intermediateSessions.findOpen(trx, { id: intermediate.id }, now, {
          forUpdate: true,
        });
        // No longer live (used, revoked or expired meanwhile): the failure itself is the answer.
        if (!live) return { ok: false, error, capped: false, started: undefined };
        const who = { userId: live.user_id, firstFactor: live.primary_factor };
        // Nothing to prove: the attempt is counted and fails as it is.
        return runSecondFactorAttempt<never, never>(
          trx,
          { lock, clock },
          project,
          who,
          async () => ({ ok: false, error }),
          async () => {
            throw error;
          },
          () => intermediateSessions.countFailure(trx, { id: live.id }, now, MAX_SECOND_FACTOR_FAILURES),
        );
      });
      if (outcome.ok) throw error;
      return refuse(outcome);
    },
  };
}
