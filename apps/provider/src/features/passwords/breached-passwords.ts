/**
 * @module breached-passwords — is a password known from breaches: the bundled common-password
 * list, and when configured, a k-anonymity range API in the Pwned Passwords format.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { createTtlCache } from '../../ttl-cache.js';
import { isCommonPassword } from './common-passwords.js';

/** How long one answered range is reused: the corpus changes rarely, typing re-asks often. */
const RANGE_TTL_MS = 60 * 60 * 1000;
/** 16⁵ prefixes exist; at ~30 KiB per padded range this bounds the cache near 60 MiB. */
const RANGE_CACHE_ENTRIES = 2048;
/** A lookup slower than this is given up: the check falls back to the bundled list. */
export const RANGE_TIMEOUT_MS = 1500;
/** After a failed lookup the API is left alone this long, so an outage costs one timeout, not one per sign-up. */
export const RANGE_BACKOFF_MS = 30_000;

/** Where and how to ask; `url` is the range endpoint's prefix, e.g. `https://api.pwnedpasswords.com/range/`. */
export interface RangeApiConfig {
  url: string;
  timeoutMs?: number;
}

/** Answers whether a normalised password is breached. Never throws: an unreachable API counts as "not found there". */
export interface BreachedPasswords {
  isBreached(password: string): Promise<boolean>;
}

/** Parses a range body (`SUFFIX:COUNT` per line) into the suffixes seen at least once; padding lines have count 0. */
export function parseRange(body: string): ReadonlySet<string> {
  const suffixes = new Set<string>();
  for (const line of body.split('\n')) {
    const match = /^([0-9A-Fa-f]{35}):(\d+)\s*$/.exec(line);
    if (match?.[1] && match[2] !== undefined && Number(match[2]) > 0) suffixes.add(match[1].toUpperCase());
  }
  return suffixes;
}

/**
 * Creates the checker. Only the first five hex digits of the password's SHA-1 leave the
 * process, with `Add-Padding` so the answer's size says nothing either.
 */
export function createBreachedPasswords(deps: {
  clock: Clock;
  rangeApi?: RangeApiConfig | undefined;
  fetch?: typeof fetch;
  /** Told once per failed lookup (unreachable, timeout, unexpected answer). */
  warn?: (message: string, error?: unknown) => void;
}): BreachedPasswords {
  const { rangeApi } = deps;
  if (!rangeApi) return { isBreached: isCommonPassword };

  const fetchRange = deps.fetch ?? fetch;
  const timeoutMs = rangeApi.timeoutMs ?? RANGE_TIMEOUT_MS;
  const ranges = createTtlCache<string, ReadonlySet<string>>({
    clock: deps.clock,
    ttlMs: RANGE_TTL_MS,
    maxEntries: RANGE_CACHE_ENTRIES,
  });

  let skipUntil = 0;

  async function loadRange(prefix: string): Promise<ReadonlySet<string>> {
    const response = await fetchRange(`${rangeApi?.url}${prefix}`, {
      headers: { 'Add-Padding': 'true', 'User-Agent': 'latchkey-provider' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`range API answered ${response.status}`);
    return parseRange(await response.text());
  }

  return {
    async isBreached(password) {
      if (await isCommonPassword(password)) return true;
      if (deps.clock.now().getTime() < skipUntil) return false;
      const digest = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
      try {
        const suffixes = await ranges.get(digest.slice(0, 5), () => loadRange(digest.slice(0, 5)));
        return suffixes?.has(digest.slice(5)) ?? false;
      } catch (error) {
        // "When reachable" (issue 4): the bundled list already said no, and a sign-up must not
        // hang on a third party, so the password passes this check.
        skipUntil = deps.clock.now().getTime() + RANGE_BACKOFF_MS;
        deps.warn?.('breached-password range lookup failed; judged by the bundled list only', error);
        return false;
      }
    },
  };
}
