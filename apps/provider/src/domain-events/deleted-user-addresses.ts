/**
 * @module deleted-user-addresses — the addresses a `user.deleted` event's user had. Rows keyed by
 * an address rather than the user's id (queued deliveries, failure counters, the dev outbox) are
 * erased by their owners from these; rows with a `user_id` go with the user row (foreign keys).
 */
import type { DomainEvent } from './domain-event.js';

/** The user's email addresses and phone numbers, as the event's user object lists them. */
export function deletedUserAddresses(event: DomainEvent): { emails: string[]; phoneNumbers: string[] } {
  const list = (key: string, field: string): string[] => {
    const entries = event.data[key];
    if (!Array.isArray(entries)) return [];
    return entries
      .map((entry) => (entry as Record<string, unknown>)[field])
      .filter((value): value is string => typeof value === 'string');
  };
  return { emails: list('emails', 'email'), phoneNumbers: list('phone_numbers', 'phone_number') };
}
