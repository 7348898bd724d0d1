/** @module operator-keys.service — creating, listing and revoking operator keys; the credential is shown once. */
import type { Clock } from '../../clock.js';
import { sha256Base64url } from '../../crypto/hash.js';
import type { DbExecutor } from '../../db/database.js';
import type { Random } from '../../random.js';
import { announceDeploymentChange, type DeploymentChangeOrigin } from './deployment-change.js';
import { mintOperatorKey } from './operator-key.js';
import { insertOperatorKey, listOperatorKeys, revokeOperatorKey } from './operator-keys.repository.js';
import type { OperatorKeyRow } from './operator-keys.table.js';

/** An operator key as the API shows it (never the credential). */
export interface OperatorKeyJson {
  key_id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export function operatorKeyJson(row: OperatorKeyRow): OperatorKeyJson {
  return {
    key_id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

/** Longest name an operator may give a key. */
export const MAX_OPERATOR_KEY_NAME_LENGTH = 100;

/**
 * Creates a key; `secret` exists in plaintext only in the answer. With `origin`, the audit log
 * records it (`operator_key.created`); pass a transaction so both commit together.
 */
export async function createOperatorKey(
  db: DbExecutor,
  deps: { clock: Clock; random: Random },
  name: string,
  origin?: DeploymentChangeOrigin,
): Promise<{ key: OperatorKeyJson; secret: string }> {
  const minted = mintOperatorKey(deps.random);
  const now = deps.clock.now();
  const row = await insertOperatorKey(db, {
    id: minted.id,
    name,
    key_hash: sha256Base64url(minted.secret),
    created_at: now,
  });
  const key = operatorKeyJson(row);
  await announceDeploymentChange(db, origin, 'operator_key.created', now, { before: null, after: key });
  return { key, secret: minted.secret };
}

/** Every key, revoked ones included (they show when). */
export async function listOperatorKeyJson(db: DbExecutor): Promise<OperatorKeyJson[]> {
  return (await listOperatorKeys(db)).map(operatorKeyJson);
}

/** Revokes a key; undefined when there is no such live key. With `origin`, recorded as `operator_key.revoked`. */
export async function revokeOperatorKeyById(
  db: DbExecutor,
  clock: Clock,
  id: string,
  origin?: DeploymentChangeOrigin,
): Promise<OperatorKeyJson | undefined> {
  const now = clock.now();
  const row = await revokeOperatorKey(db, id, now);
  if (!row) return undefined;
  const key = operatorKeyJson(row);
  await announceDeploymentChange(db, origin, 'operator_key.revoked', now, {
    before: { ...key, revoked_at: null },
    after: key,
  });
  return key;
}
