/**
 * @module project-sender — who a project's emails and text messages come from. Each part the
 * project leaves unset (null) is the deployment's: LATCHKEY_MAIL_FROM's name or address,
 * LATCHKEY_SMS_FROM. WhatsApp always uses the deployment's LATCHKEY_WHATSAPP_FROM (a number
 * registered with the provider of the channel, not something a project can name).
 */

import type { EmailSender } from '../../email/mail-sender.js';
import type { OutgoingEmail } from '../../email/mailer.js';

/** A project's sender settings. */
export interface ProjectSender {
  emailName: string | null;
  emailAddress: string | null;
  sms: string | null;
}

/** The project's email sender, for OutgoingEmail's `sender`. */
export function emailSenderOf(project: { sender: ProjectSender }): EmailSender {
  return { name: project.sender.emailName, address: project.sender.emailAddress };
}

/** `messages` as the project sends them (notices mailed straight away rather than queued). */
export function sentByProject(
  project: { sender: ProjectSender },
  messages: OutgoingEmail[],
): OutgoingEmail[] {
  const sender = emailSenderOf(project);
  return messages.map((message) => ({ ...message, sender }));
}
