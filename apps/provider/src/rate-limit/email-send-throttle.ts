/** @module email-send-throttle — the send limits of every endpoint that emails or texts someone (SECURITY A5, E3). */
import { ApiError } from '../errors/api-error.js';
import type { Project } from '../features/projects/project.js';
import type { SendLimits } from '../features/projects/send-limits.js';
import { clientIpKey } from './client-ip-key.js';
import type { RateLimiter, RateLimitRule } from './rate-limiter.js';

/** Bucket scopes; shared by every email-sending product so one inbox has one budget. */
export const EMAIL_SEND_SCOPES = {
  recipientInterval: 'email_send.recipient_interval',
  recipient: 'email_send.recipient',
  ip: 'email_send.ip',
  project: 'email_send.project',
} as const;

/**
 * Bucket scopes of text messages (SMS and WhatsApp share them: one phone, one budget). Kept
 * apart from the email budget because texts cost money and reach a different inbox.
 */
export const PHONE_SEND_SCOPES = {
  recipientInterval: 'phone_send.recipient_interval',
  recipient: 'phone_send.recipient',
  ip: 'phone_send.ip',
  project: 'phone_send.project',
} as const;

/** What a send reaches: an email inbox, or a phone (SMS and WhatsApp). */
export type SendMedium = 'email' | 'phone';

type SendScopes = typeof EMAIL_SEND_SCOPES | typeof PHONE_SEND_SCOPES;

/** Checks a send before anything is looked up, created or sent. */
export interface EmailSendThrottle {
  /**
   * Counts one email to `email` requested from `clientIp`, or throws 429 `too_many_requests`
   * with Retry-After (nothing counted). Call after the request's own validation, so invalid
   * requests use up no budget. The answer depends only on the address, never on whether an
   * account uses it (SECURITY E3). `medium` picks the budget: `phone` for an E.164 number
   * (SMS, WhatsApp), `email` (the default) for an address.
   */
  check(project: Project, recipient: string, clientIp: string, medium?: SendMedium): Promise<void>;
}

/** The limits that apply to `project`: the development project also takes the LATCHKEY_SEND_LIMIT_* overrides. */
export function effectiveSendLimits(project: Project, devOverrides: Partial<SendLimits>): SendLimits {
  return project.isDev ? { ...project.sendLimits, ...devOverrides } : project.sendLimits;
}

/**
 * The key one inbox is counted under: lower-cased, NFKC, and without a `+tag`, so
 * `ada+1@example.com`, `ada+2@…` cannot multiply one inbox's budget.
 */
export function recipientKey(email: string): string {
  const normalised = email.trim().normalize('NFKC').toLowerCase();
  const at = normalised.lastIndexOf('@');
  if (at < 1) return normalised;
  const local = normalised.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${normalised.slice(at)}`;
}

/** The rules of one send, narrowest first so a refusal rarely has hits to give back. Count 0 = off. */
export function emailSendRules(
  limits: SendLimits,
  email: string,
  clientIp: string,
  scopes: SendScopes = EMAIL_SEND_SCOPES,
): RateLimitRule[] {
  const recipient = recipientKey(email);
  const rules: RateLimitRule[] = [];
  if (limits.recipientIntervalSeconds > 0)
    rules.push({
      scope: scopes.recipientInterval,
      key: recipient,
      limit: 1,
      windowSeconds: limits.recipientIntervalSeconds,
    });
  if (limits.recipientPerWindow > 0)
    rules.push({
      scope: scopes.recipient,
      key: recipient,
      limit: limits.recipientPerWindow,
      windowSeconds: limits.recipientWindowSeconds,
    });
  if (limits.ipPerWindow > 0)
    rules.push({
      scope: scopes.ip,
      key: clientIpKey(clientIp),
      limit: limits.ipPerWindow,
      windowSeconds: limits.ipWindowSeconds,
    });
  if (limits.projectPerWindow > 0)
    rules.push({
      scope: scopes.project,
      key: 'all',
      limit: limits.projectPerWindow,
      windowSeconds: limits.projectWindowSeconds,
    });
  return rules;
}

/** "45 seconds", "1 second", "15 minutes": a wait a person can act on. */
export function formatWait(seconds: number): string {
  if (seconds <= 90) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

function refusalMessage(scope: string, wait: string): string {
  switch (scope) {
    case EMAIL_SEND_SCOPES.ip:
      return `Too many emails were requested from this network. Try again in ${wait}.`;
    case EMAIL_SEND_SCOPES.project:
      return `This project has sent too many emails for now. Try again in ${wait}.`;
    case PHONE_SEND_SCOPES.recipientInterval:
    case PHONE_SEND_SCOPES.recipient:
      return `Too many codes were requested for this phone number. Try again in ${wait}.`;
    case PHONE_SEND_SCOPES.ip:
      return `Too many text messages were requested from this network. Try again in ${wait}.`;
    case PHONE_SEND_SCOPES.project:
      return `This project has sent too many text messages for now. Try again in ${wait}.`;
    default:
      return `Too many emails were requested for this address. Try again in ${wait}.`;
  }
}

/** Creates the throttle over `limiter`; `devOverrides` come from LATCHKEY_SEND_LIMIT_*. */
export function createEmailSendThrottle(
  limiter: RateLimiter,
  devOverrides: Partial<SendLimits> = {},
): EmailSendThrottle {
  return {
    async check(project, recipient, clientIp, medium = 'email') {
      const scopes = medium === 'phone' ? PHONE_SEND_SCOPES : EMAIL_SEND_SCOPES;
      const rules = emailSendRules(effectiveSendLimits(project, devOverrides), recipient, clientIp, scopes);
      if (rules.length === 0) return;
      const decision = await limiter.consume(project.id, rules);
      if (decision.allowed) return;
      const seconds = decision.retryAfterSeconds;
      throw new ApiError('too_many_requests', {
        message: refusalMessage(decision.rule.scope, formatWait(seconds)),
        headers: { 'retry-after': String(seconds) },
      });
    },
  };
}
