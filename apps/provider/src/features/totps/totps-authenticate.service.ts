/**
 * @module totps-authenticate.service — proving an authenticator app code or a recovery code: with
 * an IST it completes the sign-in, with a session it confirms a new TOTP or steps the session up.
 */
import type { Clock } from '../../clock.js';
import type { PasswordHasher } from '../../crypto/password-hasher.js';
import type { Db } from '../../db/database.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { announceFactor } from '../../domain-events/factor-event.js';
import { ApiError } from '../../errors/api-error.js';
import type {
  SecondFactorProver,
  SecondFactorService,
  SessionOrIntermediate,
} from '../mfa/second-factor.service.js';
import type { Project } from '../projects/project.js';
import type { CreatedSession, SessionAttributes } from '../sessions/sessions.service.js';
import { legacyRecoveryCodeHash, matchesRecoveryCode } from './recovery-code-at-rest.js';
import { normaliseRecoveryCode, recoveryCodeSelector } from './recovery-codes.js';
import { recoveryCodeFactor, totpFactor } from './totp-factors.js';
import { matchingTotpStep } from './totp-secret.js';
import { openTotpSecret } from './totp-secret-at-rest.js';
import {
  acceptTotpStep,
  findTotpOfUser,
  findUnusedRecoveryCode,
  markTotpVerified,
  useLegacyRecoveryCode,
  useRecoveryCode,
} from './totps.repository.js';
import type { AuthenticateInput, RecoverInput } from './totps.schemas.js';
import type { TotpRow } from './totps.table.js';

/** A proven code: the session to answer with (new, or the caller's) and the TOTP it belongs to. */
export interface ProvenTotp extends CreatedSession {
  totpId: string;
}

/** One way of proving a code for the caller (`authenticate`, `recover`), as the browser and server routes call it. */
export type ProveTotp<Input> = (
  project: Project,
  caller: SessionOrIntermediate,
  input: Input,
  attributes: SessionAttributes,
) => Promise<ProvenTotp>;

/** Creates the TOTP authenticate service. */
export function createTotpsAuthenticateService(deps: {
  db: Db;
  clock: Clock;
  secondFactor: SecondFactorService;
  keyEncryptionSecret: string | undefined;
  /** argon2id at RECOVERY_CODE_ARGON2 (recovery-code-at-rest.ts). */
  recoveryCodeHasher: PasswordHasher;
  /** Where a TOTP's first accepted code (`factor.added`) is announced. */
  events?: DomainEventBus;
}) {
  const { db, clock } = deps;

  const userOf = (caller: SessionOrIntermediate) =>
    caller.kind === 'session' ? caller.session.user_id : caller.intermediate.user_id;

  /** The caller's TOTP (404 totp_not_found), once the user's lock and rate limit admit an attempt. */
  async function totpFor(project: Project, caller: SessionOrIntermediate, verifiedOnly: boolean) {
    const totp = await findTotpOfUser(db, project.id, userOf(caller));
    if (!totp || (verifiedOnly && !totp.verified)) throw new ApiError('totp_not_found');
    await deps.secondFactor.admit(project, totp.user_id);
    return totp;
  }

  /**
   * Runs `prove` for the caller: with an IST, under its lock, making the new session; with a
   * session, adding the factor to it. Either way a failure counts against the user's lasting cap
   * (and an IST's five); a failed proof writes nothing else.
   */
  async function settle(
    project: Project,
    caller: SessionOrIntermediate,
    totp: TotpRow,
    input: AuthenticateInput | RecoverInput,
    attributes: SessionAttributes,
    prove: SecondFactorProver<null>,
  ): Promise<ProvenTotp> {
    const session = { durationMinutes: input.session_duration_minutes, attributes };
    if (caller.kind === 'intermediate') {
      const done = await deps.secondFactor.complete(project, caller.intermediate, session, prove);
      return { row: done.row, token: done.token, totpId: totp.id };
    }
    const row = await deps.secondFactor.stepUp(project, caller.session, session.durationMinutes, prove);
    return { row, token: caller.token, totpId: totp.id };
  }

  return {
    /** Checks a 6-digit code; it must belong to a later time step than the last accepted one (SECURITY B4). */
    async authenticate(
      project: Project,
      caller: SessionOrIntermediate,
      input: AuthenticateInput,
      attributes: SessionAttributes,
    ): Promise<ProvenTotp> {
      const totp = await totpFor(project, caller, false);
      const now = clock.now();
      const step = matchingTotpStep(openTotpSecret(totp, deps.keyEncryptionSecret), input.totp_code, now);
      const refused = { ok: false as const, error: new ApiError('invalid_totp_code') };
      return settle(project, caller, totp, input, attributes, async (trx) => {
        if (step === null || !(await acceptTotpStep(trx, totp.id, step, clock.now()))) return refused;
        // The first accepted code verifies the TOTP: only then is it a factor the user has.
        if (await markTotpVerified(trx, totp.id))
          await announceFactor(trx, deps.events, 'factor.added', {
            projectId: project.id,
            userId: totp.user_id,
            factorType: 'totp',
            factorId: totp.id,
            now,
            // The project's server when it tried the code (the server API); the user otherwise.
            actor: attributes.actor,
          });
        return { ok: true, factor: totpFactor(totp.id, now), value: null };
      });
    },

    /**
     * Uses one recovery code of the caller's verified TOTP. The code's selector names at most one
     * salted row, verified (or a dummy) outside any transaction; the use itself is one guarded
     * UPDATE of that row, or of a legacy SHA-256 row, so a code works once (SECURITY B4).
     */
    async recover(
      project: Project,
      caller: SessionOrIntermediate,
      input: RecoverInput,
      attributes: SessionAttributes,
    ): Promise<ProvenTotp> {
      const totp = await totpFor(project, caller, true);
      const code = normaliseRecoveryCode(input.recovery_code);
      let matchedId: string | undefined;
      if (code !== null) {
        const row = await findUnusedRecoveryCode(db, totp.id, recoveryCodeSelector(code));
        if (await matchesRecoveryCode(deps.recoveryCodeHasher, row, code)) matchedId = row?.id;
      }
      const refused = { ok: false as const, error: new ApiError('invalid_recovery_code') };
      return settle(project, caller, totp, input, attributes, async (trx) => {
        const now = clock.now();
        let usedId: string | undefined;
        if (matchedId !== undefined)
          usedId = await useRecoveryCode(trx, { totpId: totp.id, codeId: matchedId }, now);
        else if (code !== null)
          usedId = await useLegacyRecoveryCode(trx, totp.id, legacyRecoveryCodeHash(code), now);
        if (usedId === undefined) return refused;
        return { ok: true, factor: recoveryCodeFactor(usedId, now), value: null };
      });
    },
  };
}

/** The TOTP authenticate service. */
export type TotpsAuthenticateService = ReturnType<typeof createTotpsAuthenticateService>;
