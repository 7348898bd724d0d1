/** @module twilio-messenger — delivers SMS and WhatsApp messages through a Twilio-style Messages HTTP API. */
import { MessageDeliveryError, type Messenger } from './messenger.js';

/** LATCHKEY_SMS_* / LATCHKEY_WHATSAPP_FROM (docs/contracts.md "One-time passcodes"). */
export interface MessagingApiConfig {
  /** Base URL, e.g. `https://api.twilio.com`; the path `/2010-04-01/Accounts/{sid}/Messages.json` is appended. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** Sender of SMS (a number or sender id); SMS is refused when absent. */
  smsFrom: string | undefined;
  /** Sender of WhatsApp messages (E.164, with or without `whatsapp:`); WhatsApp is refused when absent. */
  whatsappFrom: string | undefined;
}

/** Options of createTwilioMessenger. */
export interface TwilioMessengerOptions extends MessagingApiConfig {
  /** Injectable for tests; globalThis.fetch by default. */
  fetch?: typeof fetch;
  /** A request taking longer fails (→ 503); default 10 s. */
  timeoutMs?: number;
}

const whatsapp = (address: string) => (address.startsWith('whatsapp:') ? address : `whatsapp:${address}`);

/**
 * Creates a messenger that POSTs `To`, `From`, `Body` as a form to
 * `{apiUrl}/2010-04-01/Accounts/{sid}/Messages.json` with Basic `sid:token`; WhatsApp
 * addresses get the `whatsapp:` prefix. Any non-2xx answer or network failure rejects with
 * MessageDeliveryError; the message body never appears in the error.
 */
export function createTwilioMessenger(options: TwilioMessengerOptions): Messenger {
  const doFetch = options.fetch ?? globalThis.fetch;
  const endpoint = `${options.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;

  return {
    supports: (channel) => (channel === 'sms' ? options.smsFrom : options.whatsappFrom) !== undefined,

    async send(message) {
      const from = message.channel === 'sms' ? (message.sender ?? options.smsFrom) : options.whatsappFrom;
      if (from === undefined)
        throw new MessageDeliveryError(`no sender is configured for ${message.channel}`);
      const form = new URLSearchParams(
        message.channel === 'whatsapp'
          ? { To: whatsapp(message.to), From: whatsapp(from), Body: message.body }
          : { To: message.to, From: from, Body: message.body },
      );
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new MessageDeliveryError('the messaging API could not be reached', { cause: error });
      }
      // Drain the body either way so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new MessageDeliveryError(`the messaging API answered ${response.status}`);
    },
  };
}
