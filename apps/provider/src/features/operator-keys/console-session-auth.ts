/**
 * @module console-session-auth — a console session as an operator credential: `Bearer <session
 * token or session JWT>` of the operator project, held by an active operator. Each call checks the
 * session in the database (a JWT of a revoked session is refused at once, unlike the 5-minute
 * local JWT check) and extends it by CONSOLE_IDLE_MINUTES, never past its 12-hour absolute end.
 */
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { ApiError, isApiError } from '../../errors/api-error.js';
import { toProject } from '../projects/project.js';
import { projectDirectory } from '../projects/project-directory.js';
import { verifySessionJwtSignature } from '../sessions/session-jwt.js';
import { lastAuthenticatedAt } from '../sessions/session-object.js';
import type { SessionsService, TouchedSession } from '../sessions/sessions.service.js';
import type { KeyRing } from '../signing-keys/key-ring.js';
import {
  findActiveConsoleOperator,
  findOperatorProjectId,
  recordConsoleSignIn,
} from './console-operators.repository.js';
import { CONSOLE_IDLE_MINUTES } from './console-policy.js';

/** Who a console session belongs to: what the audit log and the step-up check read. */
export interface ConsoleSessionOperator {
  userId: string;
  sessionId: string;
  email: string;
  /** When the session last proved a factor (sign-in or re-authentication). */
  lastFactorAt: Date;
}

/** A session token (43 base64url characters) or a compact JWS; anything else is not a console session. */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export interface ConsoleSessionAuthDeps {
  db: Db;
  clock: Clock;
  sessions: SessionsService;
  keyRing: KeyRing;
  issuer: string;
}

/** Console sessions: whose a bearer is, and which operator that makes it. */
export interface ConsoleSessionAuth {
  /** The live operator-project session of `bearer` (extended); undefined when it is not shaped like one. */
  sessionOf(bearer: string): Promise<TouchedSession | undefined>;
  /** The active operator holding the session of `bearer`; undefined when it is not shaped like a session. */
  operatorOf(bearer: string): Promise<{ operatorId: string; console: ConsoleSessionOperator } | undefined>;
}

export function createConsoleSessionAuth(deps: ConsoleSessionAuthDeps): ConsoleSessionAuth {
  // Made once on the first start and never renamed, so it is read once per process.
  let operatorProjectId: string | undefined;
  const ended = () =>
    new ApiError('invalid_operator_key', {
      message: 'The console session is unknown, expired or revoked; sign in to the console again.',
    });

  const sessionOf = async (bearer: string): Promise<TouchedSession | undefined> => {
    const isJwt = JWT.test(bearer);
    if (!isJwt && !SESSION_TOKEN.test(bearer)) return undefined;
    operatorProjectId ??= await findOperatorProjectId(deps.db);
    if (operatorProjectId === undefined) return undefined;
    const row = await projectDirectory.findById(deps.db, operatorProjectId);
    if (!row) throw ended();
    const project = toProject(row);
    let touched: TouchedSession;
    try {
      if (isJwt) {
        const { sessionId } = await verifySessionJwtSignature(deps.keyRing, bearer, {
          issuer: deps.issuer,
          projectId: project.id,
          now: deps.clock.now(),
        });
        touched = await deps.sessions.authenticateById(project, sessionId, CONSOLE_IDLE_MINUTES);
      } else touched = await deps.sessions.authenticate(project, bearer, CONSOLE_IDLE_MINUTES);
    } catch (error) {
      // Another project's session, a forged or foreign JWT, an ended session: all refused alike.
      if (isApiError(error)) throw ended();
      throw error;
    }
    return touched;
  };

  const operatorOf = async (bearer: string) => {
    const touched = await sessionOf(bearer);
    if (!touched) return undefined;
    const operator = await findActiveConsoleOperator(deps.db, touched.user.id);
    if (!operator)
      throw new ApiError('operator_credential_required', {
        message: 'This account is not a console operator; an operator can invite it.',
      });
    // The operators page shows the last sign-in: written once per session, by its first call.
    const startedAt = touched.session.started_at;
    if (!operator.last_sign_in_at || operator.last_sign_in_at < startedAt)
      await recordConsoleSignIn(deps.db, operator.id, startedAt);
    return {
      operatorId: operator.id,
      console: {
        userId: touched.user.id,
        sessionId: touched.session.id,
        email: operator.email,
        lastFactorAt: new Date(lastAuthenticatedAt(touched.session)),
      },
    };
  };
  return { sessionOf, operatorOf };
}
