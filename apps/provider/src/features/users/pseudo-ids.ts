/** @module pseudo-ids — stable look-alike ids for sends to unknown addresses (no account enumeration). */
import { createHash } from 'node:crypto';
import type { Project } from '../projects/project.js';

function uuidFrom(digest: Buffer): string {
  const bytes = Buffer.from(digest.subarray(0, 16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40; // version 4, like every real id
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * SECURITY E3: a send to an address without an account answers like a real one. The ids are
 * keyed by the project's secret hash, so outsiders cannot tell them from random ids, and they
 * are stable, so asking twice does not give the game away either.
 */
export function pseudoIds(project: Project, email: string): { user_id: string; email_id: string } {
  return {
    user_id: `user-${project.environment}-${pseudoUuid(project, 'user', email)}`,
    email_id: `email-${project.environment}-${pseudoUuid(project, 'email', email)}`,
  };
}

/** The stable look-alike uuid of a `kind` of id for `value` (an address or a phone number) in `project`. */
export function pseudoUuid(project: Project, kind: string, value: string): string {
  return uuidFrom(createHash('sha256').update(`${project.secretHash}\0${kind}\0${value}`).digest());
}
