// Reads the provider's dev outbox, the way a person would open their inbox.
import type { APIRequestContext } from '@playwright/test';
import { providerUrl } from './stack.js';

export interface OutboxMessage {
  id: string;
  channel: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

export async function messagesTo(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(`${providerUrl}/dev/outbox/messages?to=${encodeURIComponent(to)}`);
  if (!response.ok()) throw new Error(`dev outbox answered ${response.status()}`);
  const body = (await response.json()) as { messages: OutboxMessage[] };
  return body.messages;
}

/**
 * Waits until `count` messages reached `to`; returns them newest first. The provider answers a
 * send before the message goes out (its delivery queue), so a message arrives a moment after
 * the answer: this polls, with a deadline generous for a busy machine.
 */
export async function waitForMessages(
  request: APIRequestContext,
  to: string,
  count = 1,
): Promise<OutboxMessage[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const messages = await messagesTo(request, to);
    if (messages.length >= count) return messages;
    if (Date.now() > deadline)
      throw new Error(`expected ${count} message(s) to ${to}, found ${messages.length}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The magic link inside an email, as the person would click it. */
export function magicLinkIn(message: OutboxMessage): string {
  const match = message.html.match(/href="([^"]*stytch_token_type=magic_links[^"]*)"/);
  if (!match?.[1]) throw new Error(`no magic link in message ${message.id}`);
  return match[1].replace(/&amp;/g, '&');
}

/** A link of type `reset_password` or `login` inside a password reset email. */
export function resetLinkIn(
  message: OutboxMessage,
  type: 'reset_password' | 'login' = 'reset_password',
): string {
  const match = message.html.match(new RegExp(`href="([^"]*stytch_token_type=${type}[^"]*)"`));
  if (!match?.[1]) throw new Error(`no ${type} link in message ${message.id}`);
  return match[1].replace(/&amp;/g, '&');
}

/** The 6-digit passcode inside an email, text message or WhatsApp message. */
export function passcodeIn(message: OutboxMessage): string {
  const match = message.text.match(/code is (\d{6})/);
  if (!match?.[1]) throw new Error(`no passcode in message ${message.id}`);
  return match[1];
}

/** A US number the phone library accepts, different on every call. */
export function uniquePhoneNumber(): { national: string; e164: string } {
  const line = String(2000 + Math.floor(Math.random() * 7999));
  return { national: `415555${line}`, e164: `+1415555${line}` };
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}
