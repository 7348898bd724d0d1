/**
 * @module operator-key — what an operator key looks like: `operator-key-{uuid}` names it,
 * `operator-secret-{uuid}-{43 base64url}` is the credential (shown once, stored as its SHA-256).
 */
import type { Random } from '../../random.js';

/** LATCHKEY_OPERATOR_KEY's least length: it must be as hard to guess as a minted key. */
export const MIN_OPERATOR_KEY_LENGTH = 32;

const SECRET_PATTERN = /^operator-secret-([0-9a-f-]{36})-[A-Za-z0-9_-]{43}$/;

/** A freshly minted key: its id and the credential, which exists in plaintext only here. */
export interface MintedOperatorKey {
  id: string;
  secret: string;
}

/** Mints an operator key. */
export function mintOperatorKey(random: Random): MintedOperatorKey {
  const uuid = random.uuid();
  return {
    id: `operator-key-${uuid}`,
    secret: `operator-secret-${uuid}-${Buffer.from(random.bytes(32)).toString('base64url')}`,
  };
}

/** The id of the key a credential claims to be, or undefined when it is not shaped like a minted key. */
export function operatorKeyIdOf(secret: string): string | undefined {
  const match = SECRET_PATTERN.exec(secret);
  return match ? `operator-key-${match[1]}` : undefined;
}
