/** @module password-hasher — argon2id password hashing with bounded concurrency (SECURITY §2 "Password hashing", K2). */
import { availableParallelism } from 'node:os';
import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';
import { type ConcurrencyLimit, createConcurrencyLimit } from './concurrency-limit.js';
import { verifyImportedHash } from './imported-password-hashes.js';

/** ARGON2ID; the package's enum is an ambient const enum, unusable under isolatedModules. */
const ARGON2ID = 2 as Algorithm;

/** argon2id cost parameters. */
export interface Argon2Parameters {
  /** Memory in KiB. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** Production parameters: OWASP Password Storage CS / ASVS App. C, m = 19 MiB, t = 2, p = 1. */
export const PRODUCTION_ARGON2: Argon2Parameters = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes and checks passwords; every call runs under one concurrency limit. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a malformed stored hash. */
  verify(stored: string, password: string): Promise<boolean>;
  /** True when `stored` was made with other parameters than the current ones (rehash on login). */
  needsRehash(stored: string): boolean;
  /**
   * Spends the time of one verification on nothing, for unknown accounts, so a login's
   * timing does not tell whether the email has a password (SECURITY E1).
   */
  dummyVerify(password: string): Promise<void>;
}

/** Options of createPasswordHasher. */
export interface PasswordHasherOptions {
  /** Defaults to PRODUCTION_ARGON2; tests pass cheaper ones. */
  parameters?: Argon2Parameters;
  /** Hashes in flight at once; default 2 × cores (SECURITY K2). */
  maxConcurrent?: number;
  /** How long a hash waits for a slot before 503 service_unavailable; default 5 s. */
  queueTimeoutMs?: number;
}

/** Creates an argon2id hasher. */
export function createPasswordHasher(options: PasswordHasherOptions = {}): PasswordHasher {
  const parameters = options.parameters ?? PRODUCTION_ARGON2;
  const limit: ConcurrencyLimit = createConcurrencyLimit(
    options.maxConcurrent ?? 2 * availableParallelism(),
    options.queueTimeoutMs ?? 5_000,
  );
  const argon = { algorithm: ARGON2ID, ...parameters };
  let dummy: Promise<string> | undefined;

  // An imported bcrypt or scrypt hash (POST /v1/passwords/migrate) is checked as what it is.
  const check = (stored: string, password: string) =>
    limit.run(() => (verifyImportedHash(stored, password) ?? verify(stored, password)).catch(() => false));

  return {
    hash: (password) => limit.run(() => hash(password, argon)),
    verify: check,
    needsRehash(stored) {
      try {
        const used = parseOptions(stored);
        return (
          used.algorithm !== ARGON2ID ||
          used.memoryCost !== parameters.memoryCost ||
          used.timeCost !== parameters.timeCost ||
          used.parallelism !== parameters.parallelism
        );
      } catch {
        return true;
      }
    },
    async dummyVerify(password) {
      dummy ??= limit.run(() => hash('latchkey-dummy-password', argon));
      await check(await dummy, password);
    },
  };
}
