/** @module options — what a server client is built from, its defaults, and their validation. */

import { LatchkeyServerError } from './errors.js';

/** A source of the current time; inject one in tests to move time without patching globals. */
export interface Clock {
  now(): Date;
}

/** Options of {@link createLatchkeyServerClient}. */
export interface LatchkeyServerClientOptions {
  /** Provider origin, e.g. `http://localhost:4000`; `/v1/…` paths are appended to it. */
  providerUrl: string;
  /** The project id (`project-test-…`); it is the JWT audience and half of the Basic credentials. */
  projectId: string;
  /** The project secret (`secret-test-…`). Only `authenticateSession` needs it. */
  secret?: string;
  /** Defaults to `globalThis.fetch`. Used for the JWKS and for API calls. */
  fetch?: typeof fetch;
  /** Defaults to the system clock. Decides `exp`/`nbf`/`iat` checks. */
  clock?: Clock;
  /** How long fetched keys are trusted before the JWKS is fetched again. Default 10 minutes. */
  jwksCacheMaxAgeMs?: number;
  /**
   * Minimum time between two JWKS fetches caused by an unknown `kid`. Default 30 s. It stops a
   * stream of forged `kid`s from turning every request into a fetch to the provider.
   */
  jwksCooldownMs?: number;
  /** Time limit of each request to the provider (JWKS and API). Default 5 s. */
  timeoutMs?: number;
  /**
   * Most session JWTs `verifySessionJwt` remembers as verified, so a token seen again skips the
   * signature check (its time claims are still checked on every call). Default 10 000 (about
   * 1–2 KiB each); 0 switches the cache off.
   */
  verifiedTokenCacheMaxEntries?: number;
}

/** The options with every default filled in; internal to the package. */
export interface ResolvedServerClientOptions {
  providerUrl: URL;
  projectId: string;
  secret: string | undefined;
  fetch: typeof fetch;
  /** The clock's time in ms: `Date.now` for the system clock, so a cache hit allocates no Date. */
  nowMs: () => number;
  jwksCacheMaxAgeMs: number;
  jwksCooldownMs: number;
  timeoutMs: number;
  verifiedTokenCacheMaxEntries: number;
  /**
   * Set by the operator client's `forProject`: calls send this operator credential as Bearer with
   * `Latchkey-Project-Id: projectId` instead of Basic `projectId:secret`.
   */
  operatorCredential?: string;
}

/** Enough for every live JWT of a few thousand signed-in users (each refreshes every 3 minutes). */
const DEFAULT_VERIFIED_TOKEN_CACHE_MAX_ENTRIES = 10_000;

function millisecondsOf(clock: Clock | undefined): () => number {
  return clock === undefined ? Date.now : () => clock.now().getTime();
}

/** Validates the options and fills in defaults; throws `invalid_argument` naming the bad option. */
export function resolveServerClientOptions(
  options: LatchkeyServerClientOptions,
): ResolvedServerClientOptions {
  const providerUrl = parseProviderUrl(options.providerUrl);
  requireText('projectId', options.projectId);
  if (options.secret !== undefined) requireText('secret', options.secret);
  return {
    providerUrl,
    projectId: options.projectId,
    secret: options.secret,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    nowMs: millisecondsOf(options.clock),
    jwksCacheMaxAgeMs: nonNegativeInteger('jwksCacheMaxAgeMs', options.jwksCacheMaxAgeMs, 10 * 60_000),
    jwksCooldownMs: nonNegativeInteger('jwksCooldownMs', options.jwksCooldownMs, 30_000),
    timeoutMs: nonNegativeInteger('timeoutMs', options.timeoutMs, 5_000),
    verifiedTokenCacheMaxEntries: nonNegativeInteger(
      'verifiedTokenCacheMaxEntries',
      options.verifiedTokenCacheMaxEntries,
      DEFAULT_VERIFIED_TOKEN_CACHE_MAX_ENTRIES,
    ),
  };
}

/** `value` as an absolute http(s) URL; throws `invalid_argument` naming providerUrl. */
export function parseProviderUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch (cause) {
    throw invalidArgument('providerUrl', 'must be an absolute http(s) URL', cause);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalidArgument('providerUrl', 'must be an absolute http(s) URL');
  }
  return url;
}

/** Throws `invalid_argument` unless `value` is a non-empty string. */
export function requireText(name: string, value: unknown): void {
  if (typeof value !== 'string' || value.length === 0)
    throw invalidArgument(name, 'must be a non-empty string');
}

/** `value` (or `fallback` when absent); throws `invalid_argument` unless it is a non-negative integer. */
export function nonNegativeInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0) throw invalidArgument(name, 'must be a non-negative integer');
  return value;
}

/** Builds the `invalid_argument` error for one named argument. */
export function invalidArgument(name: string, problem: string, cause?: unknown): LatchkeyServerError {
  return new LatchkeyServerError('invalid_argument', { message: `${name} ${problem}.`, cause });
}

/** Joins a path (starting with `/`) onto the provider URL, keeping any base path it has. */
export function providerEndpoint(
  options: Pick<ResolvedServerClientOptions, 'providerUrl'>,
  path: string,
): URL {
  // Trailing slashes are dropped so that `http://host` and `http://host/` join the same way.
  const basePath = options.providerUrl.pathname.replace(/\/+$/, '');
  return new URL(`${basePath}${path}`, options.providerUrl.origin);
}

/**
 * The credential every server-facing call needs: the project secret, or the operator's credential
 * of a `forProject` client; `invalid_argument` before any request when the client has neither.
 */
export function requireSecret(
  options: Pick<ResolvedServerClientOptions, 'secret' | 'operatorCredential'>,
): string {
  if (options.operatorCredential !== undefined) return options.operatorCredential;
  if (options.secret === undefined)
    throw invalidArgument('secret', 'is required to call the server-facing API');
  return options.secret;
}
