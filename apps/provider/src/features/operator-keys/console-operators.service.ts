/**
 * @module console-operators.service — how people become console operators: an operator invites
 * an address (a single-use link, valid 7 days, shown once), and a signed-in user of the operator
 * project who owns that address accepts it. There is no other way in: signing up to the operator
 * project makes nobody an operator.
 */
import type { Clock } from '../../clock.js';
import { hashToken, mintToken } from '../../crypto/tokens.js';
import type { DbExecutor } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import type { Random } from '../../random.js';
import { normaliseEmailAddress } from '../users/email-address.js';
import { acceptConsoleInvite, insertConsoleOperator } from './console-operators.repository.js';
import type { ConsoleOperatorRow } from './console-operators.table.js';
import { CONSOLE_INVITE_DAYS } from './console-policy.js';

/** A console operator as the API shows it (never the invite token). */
export interface ConsoleOperatorJson {
  operator_id: string;
  email: string;
  status: ConsoleOperatorRow['status'];
  invite_expires_at: string | null;
  created_at: string;
}

export function consoleOperatorJson(row: ConsoleOperatorRow): ConsoleOperatorJson {
  return {
    operator_id: row.id,
    email: row.email,
    status: row.status,
    invite_expires_at: row.status === 'invited' ? (row.invite_expires_at?.toISOString() ?? null) : null,
    created_at: row.created_at.toISOString(),
  };
}

/** The console page that accepts an invite; the token rides in the fragment, so no server or Referer sees it. */
export function consoleInviteUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/console/invite#token=${token}`;
}

/** Invites `email`; the link exists in plaintext only in the answer. */
export async function inviteConsoleOperator(
  db: DbExecutor,
  deps: { clock: Clock; random: Random; publicUrl: string },
  input: { email: string; invitedBy: string },
): Promise<{ operator: ConsoleOperatorJson; inviteUrl: string }> {
  const { token, hash } = mintToken(deps.random);
  const now = deps.clock.now();
  const row = await insertConsoleOperator(db, {
    id: `console-operator-${deps.random.uuid()}`,
    email: normaliseEmailAddress(input.email),
    user_id: null,
    status: 'invited',
    invite_token_hash: hash,
    invite_expires_at: new Date(now.getTime() + CONSOLE_INVITE_DAYS * 24 * 60 * 60_000),
    invited_by: input.invitedBy,
    created_at: now,
    accepted_at: null,
  });
  return { operator: consoleOperatorJson(row), inviteUrl: consoleInviteUrl(deps.publicUrl, token) };
}

/**
 * Makes the signed-in `user` the operator of the invite `token` (once; the user must own the
 * invited address). 404 console_invite_not_found for an unknown, used, expired or foreign invite,
 * alike, so the answer tells nothing about which.
 */
export async function acceptConsoleOperatorInvite(
  db: DbExecutor,
  clock: Clock,
  input: { token: string; userId: string; emails: string[] },
): Promise<ConsoleOperatorJson> {
  const row = await acceptConsoleInvite(db, {
    tokenHash: hashToken(input.token),
    userId: input.userId,
    emails: input.emails.map(normaliseEmailAddress),
    now: clock.now(),
  });
  if (!row) throw new ApiError('console_invite_not_found');
  return consoleOperatorJson(row);
}
