/** @module otp-delivery — the queued half of a passcode send: the code is issued and sent after the answer. */
import { inTransaction } from '../../db/transaction.js';
import type {
  DeliveryHandler,
  IssuingDeliveryDeps,
  OutgoingMessage,
} from '../../delivery/delivery-handler.js';
import { type MessageLocale, queuedMessageLocale } from '../../email/message-locale.js';
import { newId } from '../../ids.js';
import type { Project } from '../projects/project.js';
import { digestOtpCode, mintOtpCode } from './otp-code.js';
import {
  renderNoAccountOtpEmail,
  renderNoAccountOtpText,
  renderOtpEmail,
  renderOtpText,
} from './otp-messages.js';
import { type OtpSendKind, replanOtp } from './otp-plan.js';
import type { Destination } from './otp-recipients.js';
import { insertOtpCode, lockDestinationForIssuance, otpCodes } from './otps.repository.js';
import type { OtpChannel, OtpPurpose } from './otps.table.js';
import { keepPromisedAccount, type PromisedAccount } from './promised-account.js';

/** What the recipient gets: the passcode, the "no account uses this" stub, or nothing at all. */
export type OtpDelivery = 'code' | 'stub' | 'none';

/** The job kind of passcode sends. */
export const OTP_JOB = 'otp';

/** What a passcode job stores: what the answer decided; never the code. */
export interface OtpJobParams {
  endpoint: OtpSendKind;
  channel: OtpChannel;
  /** login_or_create: `signup` when the answer promised the recipient a new account. */
  purpose: OtpPurpose;
  /** login_or_create: the account's user; secondary: the signed-in user. */
  user_id: string | null;
  /** The method id the answer showed; the code is stored under it. */
  method_id: string;
  minutes: number;
  /**
   * login_or_create to an address or number without an account: the account (user_id,
   * method_id) the worker creates before issuing the code; null or absent otherwise.
   */
  create_account?: PromisedAccount | null;
  /** The message's language; absent on jobs queued before it was recorded (English). */
  locale?: MessageLocale;
}

const MINUTE_MS = 60_000;

/** The message for one issued code, or undefined when the recipient is told nothing. */
function otpMessage(
  project: Project,
  destination: Destination,
  plan: { purpose: OtpPurpose; delivery: OtpDelivery },
  code: string,
  minutes: number,
  locale: MessageLocale,
): OutgoingMessage | undefined {
  const { purpose, delivery } = plan;
  if (delivery === 'none') return undefined;
  const withCode =
    delivery === 'code' && purpose !== 'decoy'
      ? { purpose, projectName: project.name, code, expiresInMinutes: minutes, locale }
      : undefined;
  if (destination.channel === 'email') {
    return {
      email: withCode
        ? renderOtpEmail(destination.value, withCode)
        : renderNoAccountOtpEmail(destination.value, project.name, locale),
    };
  }
  return {
    text: {
      kind: withCode ? 'passcode' : 'no_account_notice',
      channel: destination.channel,
      to: destination.value,
      body: withCode ? renderOtpText(withCode) : renderNoAccountOtpText(project.name, locale),
    },
  };
}

/**
 * Creates the handler of passcode jobs: under the destination lock it creates the account a
 * login_or_create answer promised, decides again who the code is for, revokes every open code to
 * the destination (only the newest works, SECURITY B6) and stores the new one (a salted HMAC; a
 * decoy's plaintext is never told to anyone).
 */
export function createOtpDelivery(deps: IssuingDeliveryDeps): DeliveryHandler {
  return {
    async prepare(job, project) {
      const params = job.params as OtpJobParams;
      const destination: Destination = { channel: params.channel, value: job.recipient };
      const code = mintOtpCode(deps.random);
      const issued = await inTransaction(deps.db, async (trx) => {
        await lockDestinationForIssuance(trx, project.id, destination.value);
        if (params.endpoint === 'login_or_create')
          await keepPromisedAccount(trx, deps, project, destination, job.id);
        const plan = await replanOtp(trx, project, destination, {
          kind: params.endpoint,
          purpose: params.purpose,
          userId: params.user_id,
          methodId: params.method_id,
        });
        if (!plan) return undefined;
        const now = deps.clock.now();
        await otpCodes.revokeUnused(trx, { project_id: project.id, destination: destination.value }, now);
        const id = newId('otpCode', project.environment, deps.random);
        const digest = digestOtpCode(deps.random, code, plan.methodId);
        await insertOtpCode(trx, {
          id,
          project_id: project.id,
          method_id: plan.methodId,
          channel: destination.channel,
          destination: destination.value,
          purpose: plan.purpose,
          user_id: plan.userId,
          requested_by_user_id: plan.requestedBy,
          code_hash: digest.codeHash,
          salt: digest.salt,
          attempts: 0,
          created_at: now,
          expires_at: new Date(now.getTime() + params.minutes * MINUTE_MS),
          consumed_at: null,
          revoked_at: null,
        });
        return { id, plan };
      });
      if (!issued) return {};
      const locale = queuedMessageLocale(params.locale);
      const message = otpMessage(project, destination, issued.plan, code, params.minutes, locale);
      return {
        ...(message ? { message } : {}),
        withdraw: () => otpCodes.revokeUnused(deps.db, { id: issued.id }, deps.clock.now()),
      };
    },
  };
}
