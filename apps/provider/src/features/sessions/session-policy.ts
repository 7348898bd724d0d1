/**
 * @module session-policy — the sessions feature's limits and lifetimes. A session's own lifetime
 * is per request and project (session_duration_minutes, the project's absolute maximum); the
 * session JWT's reuse is here (its lifetime is signing-keys' signing-key-policy: the key ring keeps a
 * retired key as long as a JWT it signed may live).
 */
import { SESSION_JWT_LIFETIME_SECONDS } from '../signing-keys/signing-key-policy.js';

/**
 * The grain at which a check records itself (docs/provider-api.md "sessions/authenticate"): a
 * check writes only when the stored `last_accessed_at` is at least this old, or when the
 * requested extension moves `expires_at` forward by at least this much (or back at all). Every
 * other check reads only, so a session checked continuously costs one write a minute.
 */
export const SESSION_TOUCH_GRAIN_MS = 60_000;

/**
 * A JWT is handed out again only while more than this much of its life is left, so every answer
 * carries a JWT valid for more than 4 of its 5 minutes (or until the session's own end, which caps
 * `exp`): a session checked continuously is signed for at most once a minute.
 */
export const SESSION_JWT_MIN_REMAINING_SECONDS = SESSION_JWT_LIFETIME_SECONDS - 60;
