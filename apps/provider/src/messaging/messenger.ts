/** @module messenger — the Messenger port: how services hand a text message (SMS, WhatsApp) over for delivery. */
import type { MessageKind } from '../email/message-kind.js';

/** The text channels; email goes through the Mailer. */
export type TextChannel = 'sms' | 'whatsapp';

/** One text message to an E.164 number. */
export interface OutgoingTextMessage {
  /** What the message is for; logs name this, never the body. */
  kind: MessageKind;
  channel: TextChannel;
  /** E.164, e.g. `+14155552671` (no `whatsapp:` prefix; the transport adds what it needs). */
  to: string;
  body: string;
  /** SMS only: the project's own sender id or number; absent or null = the deployment's LATCHKEY_SMS_FROM. */
  sender?: string | null;
}

/** Delivers text messages (a Twilio-style HTTP API, or the dev outbox in development). */
export interface Messenger {
  /** Whether `channel` can be delivered at all; a send on an unsupported channel is refused before anything happens. */
  supports(channel: TextChannel): boolean;
  /** Resolves once the transport accepted the message; rejects with MessageDeliveryError otherwise. */
  send(message: OutgoingTextMessage): Promise<void>;
}

/** The transport refused or could not take a message; answered as 503 service_unavailable. */
export class MessageDeliveryError extends Error {
  override readonly name = 'MessageDeliveryError';
}

/** The messenger of a provider without a messaging transport (production without LATCHKEY_SMS_API_URL). */
export const noMessenger: Messenger = {
  supports: () => false,
  send: async () => {
    throw new MessageDeliveryError('no messaging transport is configured');
  },
};
