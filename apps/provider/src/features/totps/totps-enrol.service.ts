/** @module totps-enrol.service — adding an authenticator app, issuing new recovery codes, and removing the app. */
import type { Clock } from '../../clock.js';
import type { PasswordHasher } from '../../crypto/password-hasher.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { announceFactor } from '../../domain-events/factor-event.js';
import { ApiError } from '../../errors/api-error.js';
import { newId } from '../../ids.js';
import type { Random } from '../../random.js';
import type { Project } from '../projects/project.js';
import type { WireUser } from '../users/users.schemas.js';
import { loadWireUser } from '../users/users.service.js';
import { storedRecoveryCode } from './recovery-code-at-rest.js';
import { mintRecoveryCodes } from './recovery-codes.js';
import { DEFAULT_ENROLMENT_MINUTES } from './totp-policy.js';
import { totpQrCode } from './totp-qr-code.js';
import { mintTotpSecret, totpKeyUri } from './totp-secret.js';
import { sealTotpSecret } from './totp-secret-at-rest.js';
import {
  deleteTotp,
  findTotpOfUser,
  replaceRecoveryCodes,
  replaceUnverifiedTotp,
} from './totps.repository.js';
import type { NewTotpRecoveryCodeRow } from './totps.table.js';

/** A new TOTP as POST /totps answers it; the secret and codes are never shown again. */
export interface CreatedTotp {
  user_id: string;
  totp_id: string;
  secret: string;
  qr_code: string;
  recovery_codes: string[];
  __user: WireUser;
}

/** A new set of recovery codes (POST /totps/recovery_codes). */
export interface IssuedRecoveryCodes {
  totp_id: string;
  verified: boolean;
  recovery_codes: string[];
}

/** Creates the enrolment service. */
export function createTotpsEnrolService(deps: {
  db: Db;
  clock: Clock;
  random: Random;
  keyEncryptionSecret: string | undefined;
  /** argon2id at RECOVERY_CODE_ARGON2 (recovery-code-at-rest.ts). */
  recoveryCodeHasher: PasswordHasher;
  /** Where a removed authenticator app (`factor.removed`) is announced. */
  events?: DomainEventBus;
}) {
  const { db, clock, random } = deps;

  /**
   * Fresh codes for `totpId` and the rows that store them salted; hashed before any transaction
   * opens, so no connection waits on argon2id.
   */
  async function mintRecoveryCodeRows(project: Project, totpId: string) {
    const codes = mintRecoveryCodes(random);
    const rows: NewTotpRecoveryCodeRow[] = await Promise.all(
      codes.map(async (code) => ({
        id: newId('totpRecoveryCode', project.environment, random),
        totp_id: totpId,
        ...(await storedRecoveryCode(deps.recoveryCodeHasher, code)),
        used_at: null,
      })),
    );
    return { codes, rows };
  }

  return {
    /**
     * Adds an unverified TOTP to `userId`, replacing an unverified one; 409 totp_already_exists
     * when a verified one exists (nothing changed). It becomes verified with its first code
     * (POST /totps/authenticate) within `expirationMinutes`.
     */
    async create(
      project: Project,
      userId: string,
      expirationMinutes: number | undefined,
    ): Promise<CreatedTotp> {
      const secret = mintTotpSecret(random);
      const user = await loadWireUser(db, project.id, userId);
      const label = user.emails[0]?.email ?? userId;
      const qrCode = await totpQrCode(totpKeyUri({ secret, issuer: project.name, label }));
      const now = clock.now();
      const totpId = newId('totp', project.environment, random);
      const minted = await mintRecoveryCodeRows(project, totpId);
      await inTransaction(db, async (trx) => {
        const stored = await replaceUnverifiedTotp(trx, {
          id: totpId,
          project_id: project.id,
          user_id: userId,
          ...sealTotpSecret(secret, deps.keyEncryptionSecret, random),
          verified: false,
          expires_at: new Date(now.getTime() + (expirationMinutes ?? DEFAULT_ENROLMENT_MINUTES) * 60_000),
          last_used_step: null,
          created_at: now,
        });
        if (!stored) throw new ApiError('totp_already_exists');
        await replaceRecoveryCodes(trx, totpId, minted.rows);
      });
      return {
        user_id: userId,
        totp_id: totpId,
        secret,
        qr_code: qrCode,
        recovery_codes: minted.codes,
        __user: user,
      };
    },

    /** Issues a new set of codes for the user's TOTP (404 totp_not_found without one). */
    async rotateRecoveryCodes(project: Project, userId: string): Promise<IssuedRecoveryCodes> {
      const totp = await findTotpOfUser(db, project.id, userId);
      if (!totp) throw new ApiError('totp_not_found');
      const minted = await mintRecoveryCodeRows(project, totp.id);
      await inTransaction(db, (trx) => replaceRecoveryCodes(trx, totp.id, minted.rows));
      return { totp_id: totp.id, verified: totp.verified, recovery_codes: minted.codes };
    },

    /** Removes the user's TOTP `totpId` and its codes; 404 totp_not_found when it is not theirs. */
    async remove(project: Project, userId: string, totpId: string): Promise<void> {
      await inTransaction(db, async (trx) => {
        if (!(await deleteTotp(trx, { projectId: project.id, userId, totpId })))
          throw new ApiError('totp_not_found');
        await announceFactor(trx, deps.events, 'factor.removed', {
          projectId: project.id,
          userId,
          factorType: 'totp',
          factorId: totpId,
          now: clock.now(),
        });
      });
    },
  };
}

/** The enrolment service. */
export type TotpsEnrolService = ReturnType<typeof createTotpsEnrolService>;
