/** @module otps-send.service — issuing passcodes: login_or_create, send/primary and send/secondary on every channel. */
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { MailDeliveryError, type Mailer } from '../../email/mailer.js';
import { ApiError } from '../../errors/api-error.js';
import { newId } from '../../ids.js';
import { MessageDeliveryError, type Messenger } from '../../messaging/messenger.js';
import type { Random } from '../../random.js';
import type { EmailSendThrottle } from '../../rate-limit/email-send-throttle.js';
import type { Project } from '../projects/project.js';
import { digestOtpCode, mintOtpCode } from './otp-code.js';
import { deliverOtp } from './otp-delivery.js';
import { type OtpSendKind, type OtpSendRequest, planOtp } from './otp-plan.js';
import {
  insertOtpCode,
  lockDestinationForIssuance,
  revokeOpenOtpCodes,
  revokeOtpCode,
} from './otps.repository.js';

export type { OtpSendKind, OtpSendRequest } from './otp-plan.js';

const MINUTE_MS = 60_000;

/** The wire answer of every send: the same shape for unknown and known recipients (SECURITY E3). */
export interface OtpSendResult {
  user_id: string;
  method_id: string;
}

/** The passcode send service. */
export interface OtpsSendService {
  send(kind: OtpSendKind, project: Project, request: OtpSendRequest): Promise<OtpSendResult>;
}

/** Creates the send service. */
export function createOtpsSendService(deps: {
  db: Db;
  clock: Clock;
  random: Random;
  mailer: Mailer;
  messenger: Messenger;
  throttle: EmailSendThrottle;
}): OtpsSendService {
  return {
    async send(kind, project, request) {
      const { destination } = request;
      if (destination.channel !== 'email' && !deps.messenger.supports(destination.channel)) {
        // Refused before anything is counted or stored: retrying cannot help until configured.
        throw new ApiError('service_unavailable', {
          message: `This provider is not configured to send ${destination.channel === 'sms' ? 'SMS' : 'WhatsApp'} messages.`,
        });
      }
      const medium = destination.channel === 'email' ? 'email' : 'phone';
      await deps.throttle.check(project, destination.value, request.clientIp, medium);
      const minutes = request.expirationMinutes ?? project.otpExpirationMinutes;
      const code = mintOtpCode(deps.random);

      const issued = await inTransaction(deps.db, async (trx) => {
        await lockDestinationForIssuance(trx, project.id, destination.value);
        const decided = await planOtp(trx, deps, kind, project, request);
        const now = deps.clock.now();
        await revokeOpenOtpCodes(trx, project.id, destination.value, now);
        const id = newId('otpCode', project.environment, deps.random);
        const digest = digestOtpCode(deps.random, code, decided.methodId);
        await insertOtpCode(trx, {
          id,
          project_id: project.id,
          method_id: decided.methodId,
          channel: destination.channel,
          destination: destination.value,
          purpose: decided.purpose,
          user_id: decided.userId,
          requested_by_user_id: decided.requestedBy,
          code_hash: digest.codeHash,
          salt: digest.salt,
          attempts: 0,
          created_at: now,
          expires_at: new Date(now.getTime() + minutes * MINUTE_MS),
          consumed_at: null,
          revoked_at: null,
        });
        return { id, plan: decided };
      });

      const { purpose, delivery } = issued.plan;
      try {
        await deliverOtp(deps, project, { destination, purpose, delivery, code, expiresInMinutes: minutes });
      } catch (error) {
        // SECURITY J6: a code whose message did not go out must not stay usable.
        await revokeOtpCode(deps.db, issued.id, deps.clock.now()).catch(() => undefined);
        if (error instanceof MailDeliveryError || error instanceof MessageDeliveryError) {
          throw new ApiError('service_unavailable', { headers: { 'retry-after': '5' }, cause: error });
        }
        throw error;
      }
      return { user_id: issued.plan.answerUserId, method_id: issued.plan.methodId };
    },
  };
}
