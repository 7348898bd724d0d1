/** @module key-ring — session-JWT signing keys: generation, rotation and the public JWKS. */
import {
  type CryptoKey,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importJWK,
  importPKCS8,
  type JWK,
} from 'jose';
import type { Clock } from '../../clock.js';
import { openSecret, sealSecret } from '../../crypto/key-encryption.js';
import type { Db } from '../../db/database.js';
import { toJson } from '../../db/json-column.js';
import type { Random } from '../../random.js';
import { insertSigningKey, listSigningKeysActivatedAfter } from './signing-keys.repository.js';
import type { SigningKeyRow } from './signing-keys.table.js';

/** The JWS algorithm of every session JWT. */
export const SESSION_JWT_ALG = 'ES256';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rotation settings. */
export interface KeyRingOptions {
  db: Db;
  clock: Clock;
  random: Random;
  /** Seals private keys at rest when set (LATCHKEY_KEY_ENCRYPTION_SECRET). */
  encryptionSecret?: string | undefined;
  /** A key signs for this long, then its successor takes over. Default 30 days. */
  rotationMs?: number;
  /** The successor is published in the JWKS this long before it starts signing. Default 1 day. */
  prePublishMs?: number;
  /** Longest JWT lifetime: a retired key stays in the JWKS this long after it stops signing. */
  maxJwtLifetimeMs: number;
}

/** A key ready to sign. */
export interface ActiveSigningKey {
  kid: string;
  privateKey: CryptoKey;
}

/** Signing keys and their public halves. */
export interface KeyRing {
  /** The key that signs now; creates the first key or the next one when due. */
  activeKey(): Promise<ActiveSigningKey>;
  /** Public keys a verifier may meet: the signing key, its announced successor, and retired keys whose JWTs may still be live. */
  publicJwks(): Promise<JWK[]>;
  /** The public key for `kid`, if it is published. */
  publicKey(kid: string): Promise<CryptoKey | undefined>;
}

/** Creates the key ring over the signing_keys table. */
export function createKeyRing(options: KeyRingOptions): KeyRing {
  const rotationMs = options.rotationMs ?? 30 * DAY_MS;
  const prePublishMs = options.prePublishMs ?? DAY_MS;
  const privateKeys = new Map<string, CryptoKey>();
  const publicKeys = new Map<string, CryptoKey>();

  // Every key still relevant at `now`: retired keys drop out once their last JWT has expired.
  const relevantKeys = (now: Date) =>
    listSigningKeysActivatedAfter(
      options.db,
      new Date(now.getTime() - rotationMs - options.maxJwtLifetimeMs),
    );

  async function createKey(activatesAt: Date): Promise<void> {
    const { publicKey, privateKey } = await generateKeyPair(SESSION_JWT_ALG, { extractable: true });
    const kid = `jwk-${options.random.uuid()}`;
    const jwk = { ...(await exportJWK(publicKey)), kid, alg: SESSION_JWT_ALG, use: 'sig' };
    const pem = await exportPKCS8(privateKey);
    const secret = options.encryptionSecret;
    await insertSigningKey(options.db, {
      kid,
      alg: SESSION_JWT_ALG,
      public_jwk: toJson(jwk),
      private_key: secret ? sealSecret(pem, secret, options.random) : pem,
      private_key_encryption: secret ? 'aes-256-gcm' : 'none',
      created_at: options.clock.now(),
      activates_at: activatesAt,
    });
  }

  function signingRow(rows: SigningKeyRow[], now: Date): SigningKeyRow | undefined {
    // rows are newest first; the newest key already active and not yet retired signs.
    return rows.find((r) => r.activates_at <= now && now.getTime() < r.activates_at.getTime() + rotationMs);
  }

  async function importPrivate(row: SigningKeyRow): Promise<CryptoKey> {
    let key = privateKeys.get(row.kid);
    if (!key) {
      if (row.private_key_encryption === 'aes-256-gcm' && !options.encryptionSecret) {
        throw new Error(`signing key ${row.kid} is encrypted but LATCHKEY_KEY_ENCRYPTION_SECRET is not set`);
      }
      const pem =
        row.private_key_encryption === 'aes-256-gcm'
          ? openSecret(row.private_key, options.encryptionSecret as string)
          : row.private_key;
      key = await importPKCS8(pem, row.alg);
      privateKeys.set(row.kid, key);
    }
    return key;
  }

  // The signing decision is reused for a minute (by the injected clock) to spare a query per
  // JWT; the JWKS and verification paths always read the table.
  let cached: { at: number; kid: string; until: number } | undefined;
  const CACHE_MS = 60_000;

  return {
    async activeKey() {
      const now = options.clock.now();
      const t = now.getTime();
      if (cached && t >= cached.at && t - cached.at < CACHE_MS && t < cached.until) {
        const key = privateKeys.get(cached.kid);
        if (key) return { kid: cached.kid, privateKey: key };
      }
      let rows = await relevantKeys(now);
      let active = signingRow(rows, now);
      if (!active) {
        await createKey(now);
        rows = await relevantKeys(now);
        active = signingRow(rows, now);
        if (!active) throw new Error('no signing key after creating one');
      }
      const successorExists = rows.some((r) => r.activates_at > (active as SigningKeyRow).activates_at);
      const retiresAt = active.activates_at.getTime() + rotationMs;
      if (!successorExists && now.getTime() >= retiresAt - prePublishMs) {
        // Announce the successor before it signs, so verifiers with a cached JWKS already know it.
        await createKey(new Date(retiresAt));
      }
      const privateKey = await importPrivate(active);
      // Valid until the successor must be announced (or the key retires, once it is announced).
      cached = { at: t, kid: active.kid, until: successorExists ? retiresAt : retiresAt - prePublishMs };
      return { kid: active.kid, privateKey };
    },
    async publicJwks() {
      const rows = await relevantKeys(options.clock.now());
      return rows.map((r) => r.public_jwk as JWK);
    },
    async publicKey(kid) {
      // Membership is checked every time so a retired key stops verifying; only the import is cached.
      const row = (await relevantKeys(options.clock.now())).find((r) => r.kid === kid);
      if (!row) return undefined;
      let key = publicKeys.get(kid);
      if (!key) {
        key = (await importJWK(row.public_jwk as JWK, row.alg)) as CryptoKey;
        publicKeys.set(kid, key);
      }
      return key;
    },
  };
}
