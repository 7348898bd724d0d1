/** @module lookup-throttle — request limits of the widget's lookups (/passwords/strength_check, /users/search) and of passkey, OAuth and wallet sign-in starts (SECURITY A8, E3, K4). */
import { ApiError } from '../errors/api-error.js';
import type { Project } from '../features/projects/project.js';
import { clientIpKey } from './client-ip-key.js';
import { formatWait } from './email-send-throttle.js';
import type { RateLimiter } from './rate-limiter.js';

/**
 * The throttled lookups; `webauthn_start` counts the three /webauthn/…/start endpoints together,
 * `oauth_start` the redirects to an upstream (GET /v1/public/oauth/{provider}/start),
 * `crypto_start` the two /crypto_wallets/authenticate/start endpoints together.
 */
export type LookupKind =
  | 'strength_check'
  | 'users_search'
  | 'webauthn_start'
  | 'oauth_start'
  | 'crypto_start';

/** Requests per minute from one client network (IPv4 address or IPv6 /64), and for the whole project. */
export interface LookupLimit {
  ipPerMinute: number;
  projectPerMinute: number;
}

/**
 * strength_check: the widget asks at most once per 500 ms of typing (debounced), so one person
 * typing without pause makes 120 calls a minute; zxcvbn costs a few ms of CPU each, so the
 * per-project cap bounds what a botnet can burn. users/search: one call per email submitted;
 * 30 a minute covers an office behind one address signing in, while an enumeration of
 * addresses gets 30 answers a minute per network (it answers whether an account exists).
 * webauthn_start: one per ceremony (a page that offers passkey autofill asks once per load);
 * each stores a challenge for five minutes, so the limit also bounds that table.
 * oauth_start: one per press of a sign-in button; each stores a state for ten minutes.
 * crypto_start: one per wallet sign-in; each stores a message for five minutes (at most five open
 * per wallet).
 */
export const LOOKUP_LIMITS: Readonly<Record<LookupKind, LookupLimit>> = Object.freeze({
  strength_check: { ipPerMinute: 120, projectPerMinute: 6_000 },
  users_search: { ipPerMinute: 30, projectPerMinute: 3_000 },
  webauthn_start: { ipPerMinute: 60, projectPerMinute: 6_000 },
  oauth_start: { ipPerMinute: 60, projectPerMinute: 6_000 },
  crypto_start: { ipPerMinute: 60, projectPerMinute: 6_000 },
});

/**
 * The development project: everything comes from 127.0.0.1 (the demo page, the end-to-end
 * suite, the probes), so one "network" is every tester at once; ten times the per-IP limits.
 */
export const DEV_LOOKUP_LIMITS = Object.freeze(
  Object.fromEntries(
    Object.entries(LOOKUP_LIMITS).map(([kind, limit]) => [
      kind,
      { ...limit, ipPerMinute: limit.ipPerMinute * 10 },
    ]),
  ),
) as Readonly<Record<LookupKind, LookupLimit>>;

const WINDOW_SECONDS = 60;
const nouns: Record<LookupKind, string> = {
  strength_check: 'password checks',
  users_search: 'account lookups',
  webauthn_start: 'passkey requests',
  oauth_start: 'sign-in attempts',
  crypto_start: 'wallet sign-in requests',
};

/** Counts one lookup or throws 429 too_many_requests with Retry-After (nothing counted). */
export interface LookupThrottle {
  /**
   * `clientIp` null: a server-API call, which carries no end-user address — its caller's address
   * is the integrator's server, shared by all its users, so only the project's limit counts.
   */
  check(project: Project, kind: LookupKind, clientIp: string | null): Promise<void>;
}

/** The limits of ordinary projects and of the development project. */
export interface LookupLimits {
  normal: Readonly<Record<LookupKind, LookupLimit>>;
  dev: Readonly<Record<LookupKind, LookupLimit>>;
}

/**
 * Creates the throttle over the database-backed `limiter` (limits hold across processes and
 * restarts). `limits` defaults to LOOKUP_LIMITS and DEV_LOOKUP_LIMITS (tests pass small ones).
 */
export function createLookupThrottle(
  limiter: RateLimiter,
  limits: LookupLimits = { normal: LOOKUP_LIMITS, dev: DEV_LOOKUP_LIMITS },
): LookupThrottle {
  return {
    async check(project, kind, clientIp) {
      const limit = (project.isDev ? limits.dev : limits.normal)[kind];
      const projectRule = {
        scope: `${kind}.project`,
        key: 'all',
        limit: limit.projectPerMinute,
        windowSeconds: WINDOW_SECONDS,
      };
      const networkRule = (ip: string) => ({
        scope: `${kind}.ip`,
        key: clientIpKey(ip),
        limit: limit.ipPerMinute,
        windowSeconds: WINDOW_SECONDS,
      });
      const decision = await limiter.consume(
        project.id,
        clientIp === null ? [projectRule] : [networkRule(clientIp), projectRule],
      );
      if (decision.allowed) return;
      const seconds = decision.retryAfterSeconds;
      const who = decision.rule.scope.endsWith('.ip') ? 'from this network' : 'for this project';
      throw new ApiError('too_many_requests', {
        message: `Too many ${nouns[kind]} ${who}. Try again in ${formatWait(seconds)}.`,
        headers: { 'retry-after': String(seconds) },
      });
    },
  };
}
