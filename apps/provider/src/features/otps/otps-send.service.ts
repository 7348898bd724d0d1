import { inTransaction } from '../../db/transaction.js';
import type { SendDeps } from '../../delivery/send-deps.js';
import { DEFAULT_MESSAGE_LOCALE } from '../../email/message-locale.js';
import { ApiError } from '../../errors/api-error.js';
import type { Messenger } from '../../messaging/messenger.js';
import type { Project } from '../projects/project.js';
import { OTP_JOB, type OtpJobParams } from './otp-delivery.js';
import { type OtpSendKind, type OtpSendRequest, planOtp } from './otp-plan.js';

export type { OtpSendKind, OtpSendRequest } from './otp-plan.js';

/** The wire answer of every send: the same shape for unknown and known recipients (SECURITY E3). */
export interface OtpSendResult {
  user_id: string;
  method_id: string;
  /** login_or_create: this answer promised a new account (the server API says so; the browser's answer does not). */
  user_created: boolean;
}

/** The passcode send service. */
export interface OtpsSendService {
  send(kind: OtpSendKind, project: Project, request: OtpSendRequest): Promise<OtpSendResult>;
}

/**
 * Creates the send service. A send checks the channel and the send limits, decides the answer
 * (naming a new account for an unknown login_or_create recipient) and stores a delivery job, in
 * one transaction; the account is created and the code issued and sent by the delivery worker
 * after the answer, so a known and an unknown recipient take as long to answer (issue 16 item 4).
 * The server API's login_or_create (an actor asks) creates the account with the answer.
 */
export function createOtpsSendService(deps: SendDeps & { messenger: Messenger }): OtpsSendService {
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

      const plan = await inTransaction(deps.db, async (trx) => {
        const decided = await planOtp(trx, deps, kind, project, request);
        const params: OtpJobParams = {
          endpoint: kind,
          channel: destination.channel,
          purpose: decided.purpose,
          user_id: request.signedInUserId ?? decided.userId,
          method_id: decided.methodId,
          minutes,
          create_account: decided.promise ?? null,
          locale: request.locale ?? DEFAULT_MESSAGE_LOCALE,
        };
        await deps.deliveries.enqueue(trx, { kind: OTP_JOB, project, recipient: destination.value, params });
        return decided;
      });
      deps.deliveries.notify();
      return {
        user_id: plan.answerUserId,
        method_id: plan.methodId,
        user_created: kind === 'login_or_create' && plan.purpose === 'signup',
      };
    },
  };
}
