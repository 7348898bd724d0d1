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
import {
  acceptConsoleInvite,
  findLiveConsoleOperator,
  insertConsoleOperator,
  listConsoleOperators,
  lockActiveConsoleOperators,
  lockLiveConsoleOperatorsByEmail,
  markConsoleOperatorRemoved,
} from './console-operators.repository.js';
import type { ConsoleOperatorRow } from './console-operators.table.js';
import { CONSOLE_INVITE_DAYS } from './console-policy.js';
import { announceDeploymentChange, type DeploymentChangeOrigin } from './deployment-change.js';

/** A console operator as the API shows it (never the invite token). */
export interface ConsoleOperatorJson {
  operator_id: string;
  email: string;
  status: ConsoleOperatorRow['status'];
  invite_expires_at: string | null;
  /** The operator (key id or console operator id) who sent the invite. */
  invited_by: string;
  created_at: string;
  accepted_at: string | null;
  /** When the operator's latest console session started; null until they sign in after accepting. */
  last_sign_in_at: string | null;
}

export function consoleOperatorJson(row: ConsoleOperatorRow): ConsoleOperatorJson {
  return {
    operator_id: row.id,
    email: row.email,
    status: row.status,
    invite_expires_at: row.status === 'invited' ? (row.invite_expires_at?.toISOString() ?? null) : null,
    invited_by: row.invited_by,
    created_at: row.created_at.toISOString(),
    accepted_at: row.accepted_at?.toISOString() ?? null,
    last_sign_in_at: row.last_sign_in_at?.toISOString() ?? null,
  };
}

/** The console page that accepts an invite; the token rides in the fragment, so no server or Referer sees it. */
export function consoleInviteUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/console/invite#token=${token}`;
}

/**
 * Invites `email`; the link exists in plaintext only in the answer. An address with an active
 * operator is refused (409 console_operator_exists); a pending invite of the address is removed
 * (its link stops working) and replaced. With `origin`, the audit log records it
 * (`console_operator.invited`, and `console_operator.removed` for a replaced invite); pass a
 * transaction so it all commits together.
 */
export async function inviteConsoleOperator(
  db: DbExecutor,
  deps: { clock: Clock; random: Random; publicUrl: string },
  input: { email: string; invitedBy: string },
  origin?: DeploymentChangeOrigin,
): Promise<{ operator: ConsoleOperatorJson; inviteUrl: string }> {
  const email = normaliseEmailAddress(input.email);
  const now = deps.clock.now();
  // One operator per address: an active one is refused; a pending invite is replaced, its link
  // stopping as the new one is made, so inviting again is how a lost or expired link is resent.
  const live = await lockLiveConsoleOperatorsByEmail(db, email);
  if (live.some((row) => row.status === 'active')) throw new ApiError('console_operator_exists');
  for (const pending of live) {
    const replaced = await markConsoleOperatorRemoved(db, pending.id, now);
    if (replaced)
      await announceDeploymentChange(db, origin, 'console_operator.removed', now, {
        before: consoleOperatorJson(pending),
        after: consoleOperatorJson(replaced),
      });
  }
  const { token, hash } = mintToken(deps.random);
  const row = await insertConsoleOperator(db, {
    id: `console-operator-${deps.random.uuid()}`,
    email,
    user_id: null,
    status: 'invited',
    invite_token_hash: hash,
    invite_expires_at: new Date(now.getTime() + CONSOLE_INVITE_DAYS * 24 * 60 * 60_000),
    invited_by: input.invitedBy,
    created_at: now,
    accepted_at: null,
  });
  const operator = consoleOperatorJson(row);
  await announceDeploymentChange(db, origin, 'console_operator.invited', now, {
    before: null,
    after: operator,
  });
  return { operator, inviteUrl: consoleInviteUrl(deps.publicUrl, token) };
}

/** The invited and active operators, oldest first. */
export async function listConsoleOperatorJson(db: DbExecutor): Promise<ConsoleOperatorJson[]> {
  return (await listConsoleOperators(db)).map(consoleOperatorJson);
}

/**
 * Removes the invited or active operator `operatorId` (an invite stops working; an active
 * operator's console sessions are refused from their next call, which checks the status). Run it
 * in a transaction. Refused: an unknown or removed operator (404 console_operator_not_found), the
 * caller themself (400 console_operator_self_removal: another operator must do it, so nobody locks
 * themself out by a slip), and the last active operator (409 last_console_operator: the console
 * would have nobody left to invite anyone).
 */
export async function removeConsoleOperator(
  trx: DbExecutor,
  clock: Clock,
  operatorId: string,
  origin: DeploymentChangeOrigin,
): Promise<ConsoleOperatorJson> {
  // Locked before the target is read, so concurrent removals are counted one after the other.
  const active = await lockActiveConsoleOperators(trx);
  const target = await findLiveConsoleOperator(trx, operatorId);
  if (!target) throw new ApiError('console_operator_not_found');
  if (target.id === origin.operatorId) throw new ApiError('console_operator_self_removal');
  if (target.status === 'active' && active.length <= 1) throw new ApiError('last_console_operator');
  const now = clock.now();
  const removed = await markConsoleOperatorRemoved(trx, target.id, now);
  if (!removed) throw new ApiError('console_operator_not_found');
  const operator = consoleOperatorJson(removed);
  await announceDeploymentChange(trx, origin, 'console_operator.removed', now, {
    before: consoleOperatorJson(target),
    after: operator,
  });
  return operator;
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
