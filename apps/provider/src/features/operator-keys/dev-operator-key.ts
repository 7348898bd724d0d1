/**
 * @module dev-operator-key — in development the provider keeps an operator key in
 * `.data/operator-key.json` (owner-only, like dev-project.json), so the CLI can reach the running
 * provider's administration API with no setup. Production never writes it: there the first key is
 * LATCHKEY_OPERATOR_KEY or `latchkey-provider operator-key create` run beside a stopped provider.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Clock } from '../../clock.js';
import { constantTimeEqual, sha256Base64url } from '../../crypto/hash.js';
import type { Db } from '../../db/database.js';
import type { Random } from '../../random.js';
import { operatorKeyIdOf } from './operator-key.js';
import { findOperatorKey } from './operator-keys.repository.js';
import { createOperatorKey } from './operator-keys.service.js';

/** The file's name in the data directory. */
export const DEV_OPERATOR_KEY_FILE = 'operator-key.json';

/** `{dataDir}/operator-key.json`. */
export function devOperatorKeyFilePath(dataDir: string): string {
  return join(dataDir, DEV_OPERATOR_KEY_FILE);
}

/** The key in the file, when the file exists and is well-formed. */
export function readDevOperatorKey(dataDir: string): { key_id: string; secret: string } | undefined {
  try {
    const parsed = JSON.parse(readFileSync(devOperatorKeyFilePath(dataDir), 'utf8')) as {
      key_id?: unknown;
      secret?: unknown;
    };
    if (typeof parsed.secret !== 'string' || typeof parsed.key_id !== 'string') return undefined;
    return operatorKeyIdOf(parsed.secret) === parsed.key_id
      ? { key_id: parsed.key_id, secret: parsed.secret }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Makes sure the file names a live key; mints one (and rewrites the file) otherwise. */
export async function ensureDevOperatorKey(
  db: Db,
  deps: { clock: Clock; random: Random; dataDir: string },
): Promise<{ keyId: string; outcome: 'reused' | 'created' }> {
  const fromFile = readDevOperatorKey(deps.dataDir);
  if (fromFile) {
    const row = await findOperatorKey(db, fromFile.key_id);
    if (row && row.revoked_at === null && constantTimeEqual(row.key_hash, sha256Base64url(fromFile.secret)))
      return { keyId: row.id, outcome: 'reused' };
  }
  const { key, secret } = await createOperatorKey(db, deps, 'Development (operator-key.json)');
  const path = devOperatorKeyFilePath(deps.dataDir);
  mkdirSync(dirname(path), { recursive: true });
  // The only plaintext copy of the key: owner-only permissions.
  writeFileSync(path, `${JSON.stringify({ key_id: key.key_id, secret }, null, 2)}\n`, { mode: 0o600 });
  return { keyId: key.key_id, outcome: 'created' };
}
