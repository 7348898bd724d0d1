/** @module sessions.service — minting, checking, extending and revoking sessions. */
import type { MfaRequired } from '@latchkey/wire';
import type { Clock } from '../../clock.js';
import { hashToken, mintToken } from '../../crypto/tokens.js';
import type { Db, DbExecutor } from '../../db/database.js';
import { toJson } from '../../db/json-column.js';
import { inTransaction } from '../../db/transaction.js';
import type { EventActor } from '../../domain-events/domain-event.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { ApiError } from '../../errors/api-error.js';
import { newId } from '../../ids.js';
import type { Random } from '../../random.js';
import type { Project } from '../projects/project.js';
import type { UserWithFactors } from '../users/user-with-factors.js';
import { isIntermediateSessionToken } from './intermediate-session-token.js';
import { findLiveSessionWithUser } from './live-session-lookup.repository.js';
import type { DeferredSignIn, SecondFactorGate } from './second-factor-gate.js';
import type { SessionCheckCache } from './session-check-cache.js';
import { type CustomClaims, mergeSessionCustomClaims } from './session-custom-claims.js';
import { announceRevoked } from './session-events.js';
import { toWireSession } from './session-object.js';
import { SESSION_TOUCH_GRAIN_MS } from './session-policy.js';
import {
  addFactorToLiveSession,
  findLiveSessionByTokenHash,
  insertSession,
  type LiveSessionKey,
  lockLiveSession,
  revokeLiveSession,
  setSessionCustomClaims,
  touchLiveSession,
} from './sessions.repository.js';
import type { AuthenticationFactor, SessionRow } from './sessions.table.js';

const MINUTE_MS = 60_000;

/** Where a session was started from (wire Session.attributes). */
export interface SessionAttributes {
  ip_address: string;
  user_agent: string;
}

/** What a new session is made of. */
export interface CreateSessionInput {
  project: Project;
  userId: string;
  factor: AuthenticationFactor;
  /** Factors proven before `factor` in the same sign-in (the primary factor of an intermediate session). */
  earlierFactors?: AuthenticationFactor[];
  /** session_duration_minutes; the project default (60) when absent. */
  durationMinutes: number | undefined;
  attributes: SessionAttributes;
  /** Who `session.created` names as its actor: the user by default; the project on the server API. */
  actor?: EventActor;
  /**
   * The user's second factors when the caller has them already (secondFactorOptionsOfUser on the
   * user it read for the response); completePrimarySignIn reads them otherwise.
   */
  secondFactors?: MfaRequired;
}

/** A new session and its plaintext token (which is never stored). */
export interface CreatedSession {
  row: SessionRow;
  token: string;
}

/**
 * The outcome of a primary sign-in: a session, or, on a project that requires MFA, an
 * intermediate session waiting for the second factor.
 */
export type PrimarySignIn = CreatedSession | DeferredSignIn;

/** A live session just checked, and its user as read with it. */
export interface TouchedSession {
  session: SessionRow;
  user: UserWithFactors;
}

/** The sessions service. */
export interface SessionsService {
  /** Always mints a new token (SECURITY D1: a fresh session on every authentication). */
  create(db: DbExecutor, input: CreateSessionInput): Promise<CreatedSession>;
  /**
   * The one decision point of every primary sign-in (docs/contracts.md "Multi-factor policy"):
   * a new session, or an intermediate session when the project requires MFA. A passkey has
   * verified the user already and always gets a session. Call inside the sign-in's transaction.
   */
  completePrimarySignIn(db: DbExecutor, input: CreateSessionInput): Promise<PrimarySignIn>;
  /** Checks a session token and, with a duration, extends the session; never rotates the token. */
  authenticate(project: Project, token: string | null, durationMinutes?: number): Promise<TouchedSession>;
  /** The same for a session identified by id (server-facing authenticate with a JWT). */
  authenticateById(project: Project, sessionId: string, durationMinutes?: number): Promise<TouchedSession>;
  /** The live session of `token` without touching it, for session-only endpoints. */
  requireLive(project: Project, token: string | null): Promise<SessionRow>;
  /**
   * The live session of `token`, or undefined when there is none (no token, an IST, unknown,
   * revoked or expired), for endpoints where a session is optional.
   */
  findLive(project: Project, token: string | null): Promise<SessionRow | undefined>;
  /** Revokes the session of `token`. */
  revoke(project: Project, token: string | null): Promise<void>;
  /**
   * Adds a factor proven while signed in to the live session `sessionId` (and extends it when a
   * duration is given); 404 session_not_found when it is no longer live. Use inside a transaction.
   */
  addFactor(
    db: DbExecutor,
    project: Project,
    sessionId: string,
    factor: AuthenticationFactor,
    durationMinutes?: number,
  ): Promise<SessionRow>;
  /**
   * Merges `update` into the custom claims of the live session `sessionId` (a null value removes
   * its key); 400 for a reserved claim or an oversized result, 404 session_not_found when it is no
   * longer live. The row is locked for the merge, so concurrent updates do not lose each other.
   */
  updateCustomClaims(project: Project, sessionId: string, update: CustomClaims): Promise<SessionRow>;
}

function requireToken(token: string | null): string {
  // wire/README.md: the secret equal to the public token means "no session".
  if (token === null) throw new ApiError('user_unauthenticated');
  // SECURITY D2: an IST proves one factor only; the few endpoints that take it resolve it themselves.
  if (isIntermediateSessionToken(token)) throw new ApiError('mfa_required');
  return token;
}

/** Creates the sessions service. */
export function createSessionsService(deps: {
  db: Db;
  clock: Clock;
  random: Random;
  /** Answers repeated checks from memory while the database's notifications say they are current. */
  checks?: SessionCheckCache;
  /** Holds a primary sign-in back when the project requires a second factor (mfa implements it). */
  secondFactorGate: SecondFactorGate;
  /** Where `session.created` and `session.revoked` are announced (webhooks, audit log). */
  events?: DomainEventBus;
}): SessionsService {
  const extension = (minutes: number | undefined, now: Date) =>
    minutes === undefined ? null : new Date(now.getTime() + minutes * MINUTE_MS);

  /** Whether a check at `now` must write: see SESSION_TOUCH_GRAIN_MS. */
  const needsTouch = (session: SessionRow, now: Date, extendTo: Date | null) => {
    if (now.getTime() - session.last_accessed_at.getTime() >= SESSION_TOUCH_GRAIN_MS) return true;
    if (!extendTo) return false;
    const target = Math.min(extendTo.getTime(), session.absolute_expires_at.getTime());
    const moveBy = target - session.expires_at.getTime();
    return moveBy < 0 || moveBy >= SESSION_TOUCH_GRAIN_MS;
  };

  // Touches without an extension of one session share one statement, so the many tabs and
  // server calls that find it due in the same moment do not queue on its row lock.
  const touching = new Map<string, Promise<SessionRow | undefined>>();
  const touch = (projectId: string, id: string, now: Date, extendTo: Date | null) => {
    if (extendTo) return touchLiveSession(deps.db, { projectId, id }, now, extendTo);
    let pending = touching.get(id);
    if (!pending) {
      pending = touchLiveSession(deps.db, { projectId, id }, now, null);
      touching.set(id, pending);
      const settle = () => touching.delete(id);
      pending.then(settle, settle);
    }
    return pending;
  };

  /**
   * A session check: one read-only lookup; a write only when the grain says so, which also
   * re-checks liveness in its own statement (a revoke in between → session_not_found).
   */
  const check = async (key: LiveSessionKey, durationMinutes: number | undefined): Promise<TouchedSession> => {
    const now = deps.clock.now();
    const load = () => findLiveSessionWithUser(deps.db, key, now);
    const found = await (deps.checks ? deps.checks.read(key, now, load) : load());
    if (!found) throw new ApiError('session_not_found');
    const extendTo = extension(durationMinutes, now);
    if (!needsTouch(found.session, now, extendTo)) return found;
    const session = await touch(key.projectId, found.session.id, now, extendTo);
    if (!session) throw new ApiError('session_not_found');
    return { session, user: found.user };
  };

  const service: SessionsService = {
    async create(db, input) {
      const now = deps.clock.now();
      const minutes = input.durationMinutes ?? input.project.sessionDefaultMinutes;
      const absolute = new Date(now.getTime() + input.project.sessionMaxLifetimeMinutes * MINUTE_MS);
      const requested = new Date(now.getTime() + minutes * MINUTE_MS);
      const { token, hash } = mintToken(deps.random);
      const row = await insertSession(db, {
        id: newId('session', input.project.environment, deps.random),
        project_id: input.project.id,
        user_id: input.userId,
        token_hash: hash,
        started_at: now,
        last_accessed_at: now,
        expires_at: requested < absolute ? requested : absolute,
        absolute_expires_at: absolute,
        authentication_factors: toJson([...(input.earlierFactors ?? []), input.factor]),
        ip_address: input.attributes.ip_address,
        user_agent: input.attributes.user_agent,
        revoked_at: null,
      });
      await deps.events?.publish(db, {
        type: 'session.created',
        projectId: input.project.id,
        actor: input.actor ?? { type: 'user', id: input.userId },
        occurredAt: now,
        data: toWireSession(row),
        ipAddress: input.attributes.ip_address,
      });
      return { row, token };
    },

    async completePrimarySignIn(db, input) {
      return (await deps.secondFactorGate.holdIfRequired(db, input)) ?? service.create(db, input);
    },

    async authenticate(project, token, durationMinutes) {
      return check({ projectId: project.id, tokenHash: hashToken(requireToken(token)) }, durationMinutes);
    },

    async authenticateById(project, sessionId, durationMinutes) {
      return check({ projectId: project.id, id: sessionId }, durationMinutes);
    },

    async requireLive(project, token) {
      const row = await findLiveSessionByTokenHash(
        deps.db,
        project.id,
        hashToken(requireToken(token)),
        deps.clock.now(),
      );
      if (!row) throw new ApiError('session_not_found');
      return row;
    },

    async findLive(project, token) {
      if (token === null || isIntermediateSessionToken(token)) return undefined;
      return findLiveSessionByTokenHash(deps.db, project.id, hashToken(token), deps.clock.now());
    },

    async revoke(project, token) {
      const tokenHash = hashToken(requireToken(token));
      const now = deps.clock.now();
      await inTransaction(deps.db, async (trx) => {
        const row = await revokeLiveSession(trx, project.id, tokenHash, now);
        if (!row) throw new ApiError('session_not_found');
        await announceRevoked(deps.events, trx, project.id, [row], { type: 'user', id: row.user_id }, now);
      });
    },

    async addFactor(db, project, sessionId, factor, durationMinutes) {
      const now = deps.clock.now();
      const row = await addFactorToLiveSession(
        db,
        { projectId: project.id, sessionId },
        factor,
        now,
        extension(durationMinutes, now),
      );
      if (!row) throw new ApiError('session_not_found');
      return row;
    },

    async updateCustomClaims(project, sessionId, update) {
      return inTransaction(deps.db, async (trx) => {
        const current = await lockLiveSession(trx, project.id, sessionId, deps.clock.now());
        if (!current) throw new ApiError('session_not_found');
        return setSessionCustomClaims(
          trx,
          current.id,
          mergeSessionCustomClaims(current.custom_claims, update),
        );
      });
    },
  };
  return service;
}
