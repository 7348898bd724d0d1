/**
 * @module password-import — the stored form of a hash imported by `POST /v1/passwords/migrate`
 * (the hosted provider's `hash_type` names): argon2id and argon2i (a PHC string, or the digest
 * with `argon_2_config`), bcrypt (its modular crypt string), scrypt (a PHC string, or the digest
 * with `scrypt_config`), PBKDF2 (the hash in base64 with `pbkdf_2_config`), MD5, SHA-1 and SHA-512
 * (the hex digest with its `*_config` salts) and phpass (`$P$`/`$H$`). Anything else is 400 naming
 * the field; nothing is stored.
 */
import { MIGRATABLE_HASH_TYPES, type ServerPasswordsMigrateRequest } from '@latchkey/wire';
import {
  formatScryptHash,
  isBcryptHash,
  MAX_SCRYPT_MEMORY,
  parseScryptHash,
} from '../../crypto/imported-password-hashes.js';
import { formatPbkdf2Hash, MAX_PBKDF2_ITERATIONS } from '../../crypto/pbkdf2-hashes.js';
import { isPhpassHash, MAX_PHPASS_LOG2_ROUNDS } from '../../crypto/phpass-hashes.js';
import {
  DIGEST_HEX_LENGTH,
  type DigestAlgorithm,
  formatSaltedDigestHash,
} from '../../crypto/salted-digest-hashes.js';
import { unpadded } from '../../crypto/stored-hash-fields.js';
import { badField } from '../../errors/api-error.js';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const ARGON2_PHC = /^\$(argon2id|argon2i)\$v=(16|19)\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;
const SCRYPT_PHC_INPUT = /^\$scrypt\$ln=\d+,r=\d+,p=\d+\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/;

function base64Of(field: string, value: string): Buffer {
  if (!BASE64.test(value)) throw badField(field, 'must be base64');
  return Buffer.from(value, 'base64');
}

function argon2(input: ServerPasswordsMigrateRequest, variant: 'argon2id' | 'argon2i'): string {
  const config = input.argon_2_config;
  if (!config) {
    const match = ARGON2_PHC.exec(input.hash);
    if (!match || match[1] !== variant)
      throw badField(
        'hash',
        `must be a PHC string ($${variant}$v=19$m=…,t=…,p=…$salt$hash), or send argon_2_config`,
      );
    return input.hash;
  }
  // The digest in base64 and the salt as the text it was: the PHC string carries both in base64.
  const digest = base64Of('hash', input.hash);
  if (digest.length !== config.key_length)
    throw badField('argon_2_config.key_length', 'is not the length of the decoded hash');
  const salt = unpadded(Buffer.from(config.salt, 'utf8'));
  const params = `m=${config.memory},t=${config.iteration_amount},p=${config.threads}`;
  return `$${variant}$v=19$${params}$${salt}$${unpadded(digest)}`;
}

function scrypt(input: ServerPasswordsMigrateRequest): string {
  const config = input.scrypt_config;
  let stored: string;
  if (!config) {
    if (!SCRYPT_PHC_INPUT.test(input.hash))
      throw badField('hash', 'must be a PHC string ($scrypt$ln=…,r=…,p=…$salt$hash), or send scrypt_config');
    stored = input.hash.replace(/=+(?=\$|$)/g, '');
  } else {
    const logN = Math.log2(config.n_parameter);
    if (!Number.isInteger(logN)) throw badField('scrypt_config.n_parameter', 'must be a power of two');
    const hash = base64Of('hash', input.hash);
    if (hash.length !== config.key_length)
      throw badField('scrypt_config.key_length', 'is not the length of the decoded hash');
    const salt = base64Of('scrypt_config.salt', config.salt);
    stored = formatScryptHash({ logN, r: config.r_parameter, p: config.p_parameter, salt, hash });
  }
  if (!parseScryptHash(stored))
    throw badField(
      config ? 'scrypt_config' : 'hash',
      `needs N ≤ 2^20, a key of at least 16 bytes and at most ${MAX_SCRYPT_MEMORY / 2 ** 20} MiB of memory (128·N·r)`,
    );
  return stored;
}

function pbkdf2(input: ServerPasswordsMigrateRequest): string {
  const config = input.pbkdf_2_config;
  if (!config) throw badField('pbkdf_2_config', 'is required with hash_type pbkdf_2');
  const hash = base64Of('hash', input.hash);
  if (hash.length !== config.key_length)
    throw badField('pbkdf_2_config.key_length', 'is not the length of the decoded hash');
  if (config.iteration_amount > MAX_PBKDF2_ITERATIONS)
    throw badField('pbkdf_2_config.iteration_amount', `may be at most ${MAX_PBKDF2_ITERATIONS}`);
  const salt = base64Of('pbkdf_2_config.salt', config.salt);
  const digest = config.algorithm === 'sha512' ? 'sha512' : 'sha256';
  return formatPbkdf2Hash({ digest, iterations: config.iteration_amount, salt, hash });
}

const DIGEST_CONFIG = { md5: 'md_5_config', sha1: 'sha_1_config', sha512: 'sha_512_config' } as const;

function saltedDigest(input: ServerPasswordsMigrateRequest, algorithm: DigestAlgorithm): string {
  const field = DIGEST_CONFIG[algorithm];
  const hex = input.hash.toLowerCase();
  const length = DIGEST_HEX_LENGTH[algorithm];
  if (!/^[0-9a-f]+$/.test(hex) || hex.length !== length)
    throw badField('hash', `must be the ${length}-character hex digest`);
  const config = input[field];
  return formatSaltedDigestHash({
    algorithm,
    prependSalt: config?.prepend_salt ?? '',
    appendSalt: config?.append_salt ?? '',
    digest: Buffer.from(hex, 'hex'),
  });
}

function phpass(input: ServerPasswordsMigrateRequest): string {
  if (!isPhpassHash(input.hash))
    throw badField(
      'hash',
      `must be a portable phpass hash ($P$ or $H$, 34 characters) of at most 2^${MAX_PHPASS_LOG2_ROUNDS} rounds`,
    );
  return input.hash;
}

/** The hash to store for an import, checked for shape (never for which password it is). */
export function importedHashOf(input: ServerPasswordsMigrateRequest): string {
  switch (input.hash_type) {
    case 'argon_2id':
      return argon2(input, 'argon2id');
    case 'argon_2i':
      return argon2(input, 'argon2i');
    case 'bcrypt':
      if (!isBcryptHash(input.hash))
        throw badField('hash', 'must be a bcrypt hash ($2a$, $2b$ or $2y$, 60 characters)');
      return input.hash;
    case 'scrypt':
      return scrypt(input);
    case 'pbkdf_2':
      return pbkdf2(input);
    case 'md_5':
      return saltedDigest(input, 'md5');
    case 'sha_1':
      return saltedDigest(input, 'sha1');
    case 'sha_512':
      return saltedDigest(input, 'sha512');
    case 'phpass':
      return phpass(input);
    default:
      throw badField('hash_type', `must be one of ${MIGRATABLE_HASH_TYPES.join(', ')}`);
  }
}
