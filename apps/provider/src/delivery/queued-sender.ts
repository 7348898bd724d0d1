/**
 * @module queued-sender — the sender a queued message keeps. It is taken from the project when the
 * job is queued (the request that asked for the message is what the sender applies to), so a job
 * sent after a restart, by another instance or after the project's sender changed still goes out
 * as the project was when it was asked for.
 */
import type { ProjectSender } from '../features/projects/project-sender.js';
import type { OutgoingMessage } from './delivery-handler.js';

/** The delivery_jobs.sender column: snake_case, each part null = the deployment's. */
export interface QueuedSender {
  email_name: string | null;
  email_address: string | null;
  sms: string | null;
}

export function queuedSenderOf(sender: ProjectSender): QueuedSender {
  return { email_name: sender.emailName, email_address: sender.emailAddress, sms: sender.sms };
}

/** `message` from the queued sender; a job queued before senders were kept goes out as the deployment. */
export function stampSender(message: OutgoingMessage, sender: QueuedSender | null): OutgoingMessage {
  if (sender === null) return message;
  if ('email' in message)
    return {
      email: { ...message.email, sender: { name: sender.email_name, address: sender.email_address } },
    };
  // WhatsApp senders are the deployment's registered number; only SMS takes the project's.
  if (message.text.channel !== 'sms') return message;
  return { text: { ...message.text, sender: sender.sms } };
}
