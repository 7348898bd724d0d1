/** @module otp-delivery — hands a passcode (or the no-account stub) to the mailer or the messenger. */
import type { Mailer } from '../../email/mailer.js';
import type { Messenger } from '../../messaging/messenger.js';
import type { Project } from '../projects/project.js';
import {
  renderNoAccountOtpEmail,
  renderNoAccountOtpText,
  renderOtpEmail,
  renderOtpText,
} from './otp-messages.js';
import type { Destination } from './otp-recipients.js';
import type { OtpPurpose } from './otps.table.js';

/** What the recipient gets: the passcode, the "no account uses this" stub, or nothing at all. */
export type OtpDelivery = 'code' | 'stub' | 'none';

/** One message to send. */
export interface OtpDispatch {
  destination: Destination;
  purpose: OtpPurpose;
  delivery: OtpDelivery;
  code: string;
  expiresInMinutes: number;
}

/** Sends the message `dispatch` describes; rejects when the transport does not take it. */
export async function deliverOtp(
  deps: { mailer: Mailer; messenger: Messenger },
  project: Project,
  dispatch: OtpDispatch,
): Promise<void> {
  const { destination, purpose, delivery } = dispatch;
  if (delivery === 'none') return;
  const withCode =
    delivery === 'code' && purpose !== 'decoy'
      ? {
          purpose,
          projectName: project.name,
          code: dispatch.code,
          expiresInMinutes: dispatch.expiresInMinutes,
        }
      : undefined;
  if (destination.channel === 'email') {
    await deps.mailer.send(
      withCode
        ? renderOtpEmail(destination.value, withCode)
        : renderNoAccountOtpEmail(destination.value, project.name),
    );
    return;
  }
  await deps.messenger.send({
    kind: withCode ? 'passcode' : 'no_account_notice',
    channel: destination.channel,
    to: destination.value,
    body: withCode ? renderOtpText(withCode) : renderNoAccountOtpText(project.name),
  });
}
