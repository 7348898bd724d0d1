/** @module reset-token-check-throttle — request limits of POST /passwords/email/reset/check, per client network, per token and per project (SECURITY A8, K4). */
import { ApiError } from '../errors/api-error.js';
import type { Project } from '../features/projects/project.js';
import { clientIpKey } from './client-ip-key.js';
import { formatWait } from './email-send-throttle.js';
import type { RateLimiter } from './rate-limiter.js';

/** The limits of the reset-link check. */
export interface ResetTokenCheckLimits {
  /** Checks a minute from one client network (IPv4 address or IPv6 /64). */
  ipPerMinute: number;
  /** Checks of one token per `tokenWindowSeconds`, whatever the token is (known or not). */
  tokenPerWindow: number;
  tokenWindowSeconds: number;
  /** Checks a minute for the whole project. */
  projectPerMinute: number;
}

/**
 * The widget checks a reset link once each time its reset screen opens: a person reloading or
 * opening the link in a second tab stays far below 10 in 10 minutes. The per-token cap keeps one
 * link from being polled (say, to watch for the moment its owner uses it); the per-network cap
 * bounds lookups of made-up tokens, which 256 random bits make pointless anyway.
 */
export const RESET_TOKEN_CHECK_LIMITS: Readonly<ResetTokenCheckLimits> = Object.freeze({
  ipPerMinute: 30,
  tokenPerWindow: 10,
  tokenWindowSeconds: 600,
  projectPerMinute: 3_000,
});

/** The development project: every caller is 127.0.0.1, so ten times the per-network limit. */
export const DEV_RESET_TOKEN_CHECK_LIMITS: Readonly<ResetTokenCheckLimits> = Object.freeze({
  ...RESET_TOKEN_CHECK_LIMITS,
  ipPerMinute: 300,
});

/** The bucket scopes of the check. */
export const RESET_TOKEN_CHECK_SCOPES = {
  ip: 'reset_token_check.ip',
  token: 'reset_token_check.token',
  project: 'reset_token_check.project',
} as const;

/** Counts one check or throws 429 too_many_requests with Retry-After (nothing counted). */
export interface ResetTokenCheckThrottle {
  /** `tokenHash` is the SHA-256 of the presented token: the token itself is never a bucket key. */
  check(project: Project, tokenHash: string, clientIp: string): Promise<void>;
}

const messages: Record<string, string> = {
  [RESET_TOKEN_CHECK_SCOPES.ip]: 'Too many reset link checks from this network.',
  [RESET_TOKEN_CHECK_SCOPES.token]: 'This reset link was checked too many times.',
  [RESET_TOKEN_CHECK_SCOPES.project]: 'Too many reset link checks for this project.',
};

/** Creates the throttle over the database-backed `limiter` (tests pass small limits). */
export function createResetTokenCheckThrottle(
  limiter: RateLimiter,
  limits: { normal: ResetTokenCheckLimits; dev: ResetTokenCheckLimits } = {
    normal: RESET_TOKEN_CHECK_LIMITS,
    dev: DEV_RESET_TOKEN_CHECK_LIMITS,
  },
): ResetTokenCheckThrottle {
  return {
    async check(project, tokenHash, clientIp) {
      const limit = project.isDev ? limits.dev : limits.normal;
      const decision = await limiter.consume(project.id, [
        {
          scope: RESET_TOKEN_CHECK_SCOPES.ip,
          key: clientIpKey(clientIp),
          limit: limit.ipPerMinute,
          windowSeconds: 60,
        },
        {
          scope: RESET_TOKEN_CHECK_SCOPES.token,
          key: tokenHash,
          limit: limit.tokenPerWindow,
          windowSeconds: limit.tokenWindowSeconds,
        },
        {
          scope: RESET_TOKEN_CHECK_SCOPES.project,
          key: 'all',
          limit: limit.projectPerMinute,
          windowSeconds: 60,
        },
      ]);
      if (decision.allowed) return;
      const seconds = decision.retryAfterSeconds;
      throw new ApiError('too_many_requests', {
        message: `${messages[decision.rule.scope]} Try again in ${formatWait(seconds)}.`,
        headers: { 'retry-after': String(seconds) },
      });
    },
  };
}
