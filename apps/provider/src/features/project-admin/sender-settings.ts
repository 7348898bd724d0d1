/**
 * @module sender-settings — a project's `email_sender_name`, `email_sender_address` and
 * `sms_sender` in a create or PATCH body: each a string, or null for the deployment's
 * (LATCHKEY_MAIL_FROM's name or address, LATCHKEY_SMS_FROM).
 */
import type { ProjectRowUpdate } from '../projects/projects.table.js';
import { isEmailAddress } from '../users/email-address.js';
import type { SettingProblem } from './project-settings.js';

/** Longest display name (RFC 5322 allows more; inboxes cut far shorter). */
export const MAX_SENDER_NAME_LENGTH = 100;
// An SMS sender id: 1–11 letters, digits and inner spaces with a letter among them (the GSM
// alphanumeric originator; all digits would read as a number), or an E.164 number.
const ALPHANUMERIC_SENDER = /^(?=.*[A-Za-z])[A-Za-z0-9](?:[A-Za-z0-9 ]{0,9}[A-Za-z0-9])?$/;
const E164 = /^\+[1-9][0-9]{6,14}$/;

/** The settings this module reads, as the body names them. */
export const SENDER_SETTINGS = ['email_sender_name', 'email_sender_address', 'sms_sender'] as const;

const PROBLEMS: Record<(typeof SENDER_SETTINGS)[number], (value: string) => string | undefined> = {
  email_sender_name: (value) => {
    const length = [...value].length;
    // No control characters (header injection) and no angle brackets (a name posing as an address).
    return value.trim() !== value ||
      length === 0 ||
      length > MAX_SENDER_NAME_LENGTH ||
      /[\p{Cc}<>]/u.test(value)
      ? `email_sender_name must be 1 to ${MAX_SENDER_NAME_LENGTH} characters without surrounding spaces, control characters, < or >, or null.`
      : undefined;
  },
  email_sender_address: (value) =>
    isEmailAddress(value)
      ? undefined
      : `Bad email_sender_address ${JSON.stringify(value)} (an email address such as no-reply@example.com, or null).`,
  sms_sender: (value) =>
    ALPHANUMERIC_SENDER.test(value) || E164.test(value)
      ? undefined
      : `Bad sms_sender ${JSON.stringify(value)} (1 to 11 letters, digits and inner spaces with at least one letter, an E.164 number such as +14155550100, or null).`,
};

/** Adds the body's sender settings to `changes`, or returns the first problem. */
export function parseSenderSettings(
  body: Record<string, unknown>,
  changes: ProjectRowUpdate,
): SettingProblem | undefined {
  for (const field of SENDER_SETTINGS) {
    if (!(field in body)) continue;
    const value = body[field];
    if (value === null) {
      changes[field] = null;
      continue;
    }
    if (typeof value !== 'string') return { field, problem: `${field} must be a string or null.` };
    const problem = PROBLEMS[field](value);
    if (problem !== undefined) return { field, problem };
    changes[field] = value;
  }
  return undefined;
}
