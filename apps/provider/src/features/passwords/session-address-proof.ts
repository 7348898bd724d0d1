/** @module session-address-proof — whether a session proved control of one of its user's email addresses (SECURITY A4: what ends a password lock). */
import type { DbExecutor } from '../../db/database.js';
import type { Project } from '../projects/project.js';
import type { SessionRow } from '../sessions/sessions.table.js';
import { userDirectory } from '../users/user-directory.js';

/** Factor types that are only ever delivered to an inbox: a magic link, an email code. */
const INBOX_FACTORS = new Set(['magic_link', 'otp']);

/**
 * True when one of the session's factors is a magic link or code delivered by email to an
 * address that still belongs to the session's user. Other factors (a password, a passkey, an
 * OAuth identity, an SMS code) prove something else, not control of the address the failed
 * logins targeted.
 */
export async function sessionProvesAddress(
  db: DbExecutor,
  project: Project,
  session: SessionRow,
): Promise<boolean> {
  const emailIds = session.authentication_factors
    .filter((factor) => INBOX_FACTORS.has(factor.type) && factor.delivery_method === 'email')
    .flatMap((factor) => (factor.email_factor ? [factor.email_factor.email_id] : []));
  if (emailIds.length === 0) return false;
  return userDirectory.ownsAnyEmail(db, project.id, session.user_id, emailIds);
}
