/** @module machine/dead-link — telling a used or expired emailed link from other failures, and what the widget then offers (issue 17). */
import { recallLinkEmail } from '../internal/link-email-memory.js';
import { type EffectContext, report } from './effect-context.js';
import type { Event } from './event.js';
import type { ExpiredLinkKind } from './screen.js';

/** The error type that says a link of each kind is unknown, used, superseded or expired. */
const DEAD_LINK_ERROR: Record<ExpiredLinkKind, string> = {
  login: 'unable_to_auth_magic_link',
  reset: 'invalid_reset_token',
};

/** True when `error` says the link of `kind` no longer works. */
export function isDeadLink(kind: ExpiredLinkKind, error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === DEAD_LINK_ERROR[kind]
  );
}

/**
 * LINK_EXPIRED for a dead link; the host still hears of the error. `known` is an address the
 * provider named for this link while it was live; otherwise the one this browser last sent a
 * link to (never anything read from the dead link).
 */
export function linkExpired(
  kind: ExpiredLinkKind,
  known: string | null,
  error: unknown,
  ctx: EffectContext,
): Event {
  report(ctx, error);
  return { type: 'LINK_EXPIRED', link: kind, email: known ?? recallLinkEmail(ctx.clock.now()) };
}
