/** @module audit-cursor — the opaque page cursor of the audit log: the last record's time and id, base64url. */
import type { AuditCursor } from './audit-events.repository.js';

export function encodeAuditCursor(cursor: AuditCursor): string {
  return Buffer.from(JSON.stringify([cursor.occurredAt.toISOString(), cursor.id])).toString('base64url');
}

/** The cursor `encoded` names, or undefined when it is not one this provider made. */
export function decodeAuditCursor(encoded: string): AuditCursor | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return undefined;
    const [time, id] = parsed;
    if (typeof time !== 'string' || typeof id !== 'string') return undefined;
    const occurredAt = new Date(time);
    return Number.isNaN(occurredAt.getTime()) ? undefined : { occurredAt, id };
  } catch {
    return undefined;
  }
}
