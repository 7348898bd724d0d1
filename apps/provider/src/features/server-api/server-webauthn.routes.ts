/**
 * @module server-webauthn.routes — `/v1/webauthn…` with Basic project_id:secret, as the hosted
 * provider's server API has them: an integrator's server starts and finishes passkey ceremonies
 * for a user it names. The browser's services do the work (same RP ID rules, single-use
 * challenges, counter policy, events); the answers are flat and carry the server user object.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  SERVER_WEBAUTHN_REGISTER_BODY_LIMIT_BYTES,
  ServerWebAuthnAuthenticateBody,
  ServerWebAuthnAuthenticateResponse,
  ServerWebAuthnAuthenticateStartBody,
  ServerWebAuthnAuthenticateStartResponse,
  ServerWebAuthnListCredentialsParams,
  ServerWebAuthnListCredentialsResponse,
  ServerWebAuthnRegisterBody,
  ServerWebAuthnRegisterResponse,
  ServerWebAuthnRegisterStartBody,
  ServerWebAuthnRegisterStartResponse,
  ServerWebAuthnUpdateBody,
  ServerWebAuthnUpdateParams,
  ServerWebAuthnUpdateResponse,
} from '@latchkey/wire';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { ApiError, badField, isApiError } from '../../errors/api-error.js';
import { flatAnswerHead } from '../../http/envelope.js';
import { projectOf } from '../../plugins/project-auth.js';
import { projectSecretHook, serverActor } from '../../plugins/secret-auth.js';
import type { LookupThrottle } from '../../rate-limit/lookup-throttle.js';
import type { Project } from '../projects/project.js';
import type { PresentedSession } from '../sessions/presented-session.js';
import type { CustomClaims } from '../sessions/session-custom-claims.js';
import type { SessionRow } from '../sessions/sessions.table.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';
import { loadServerUser } from '../users/server-user-object.js';
import { toWireWebAuthnRegistration } from '../users/user-object.js';
import { requireReferencedUser } from '../users/user-reference.js';
import { requireAllowedRpId } from '../webauthn/rp-id.js';
import type { WebauthnAuthenticateService } from '../webauthn/webauthn-authenticate.service.js';
import type { WebauthnRegisterService } from '../webauthn/webauthn-register.service.js';
import type { WebauthnRegistrationsService } from '../webauthn/webauthn-registrations.service.js';
import {
  presentedSessionFromBody,
  type ServerCallerDeps,
  type SessionFields,
  serverSessionAttributes,
} from './server-caller.js';
import {
  namedSessionFields,
  noSessionFields,
  precheckSessionCustomClaims,
} from './session-custom-claims-step.js';
import { encodeCeremonyOptions } from './webauthn-options-encoding.js';

/** What the server passkey routes need. */
export interface ServerWebauthnRoutesOptions extends SignInDeps {
  db: Db;
  register: WebauthnRegisterService;
  authenticate: WebauthnAuthenticateService;
  registrations: WebauthnRegistrationsService;
  lookups: LookupThrottle;
  caller: ServerCallerDeps;
}

export const serverWebauthnRoutes: FastifyPluginAsyncTypebox<ServerWebauthnRoutesOptions> = async (
  app,
  options,
) => {
  const { db } = options;
  app.addHook('onRequest', projectSecretHook(db));

  /** The RP ID for `domain`: 400 naming `domain` unless the project's origins allow it, as in the browser. */
  function allowedRpId(project: Project, domain: string): string {
    try {
      return requireAllowedRpId(project, domain);
    } catch (error) {
      if (isApiError(error)) throw badField('domain', error.message);
      throw error;
    }
  }

  /**
   * The RP ID for `domain` (400 unless the project's origins allow it, as in the browser), then
   * the project's start limit (the calling address is the integrator's server, shared by all its users).
   */
  async function allowedRpIdWithinLimit(request: FastifyRequest, domain: string): Promise<string> {
    const project = projectOf(request);
    const rpId = allowedRpId(project, domain);
    await options.lookups.check(project, 'webauthn_start', null);
    return rpId;
  }

  /** The session `session_token` / `session_jwt` names, which must be `userId`'s (400 naming the field). */
  async function namedSessionOf(
    project: Project,
    body: SessionFields,
    userId?: string,
  ): Promise<PresentedSession | undefined> {
    const named = await presentedSessionFromBody(options.caller, project, body);
    if (named && userId !== undefined && named.row.user_id !== userId)
      throw badField(
        body.session_token !== undefined ? 'session_token' : 'session_jwt',
        'is a session of another user than user_id',
      );
    return named;
  }

  /** The flat answer of register and authenticate: the session (claims merged) if any, and the user. */
  async function answer(
    request: FastifyRequest,
    userId: string,
    registrationId: string,
    session: { row: SessionRow; token: string } | undefined,
    claims: CustomClaims | undefined,
  ) {
    const project = projectOf(request);
    const fields = session ? await namedSessionFields(options, project, session, claims) : noSessionFields();
    const user = await loadServerUser(db, project.id, userId);
    if (!user) throw new ApiError('user_not_found');
    return {
      ...flatAnswerHead(request),
      user_id: userId,
      webauthn_registration_id: registrationId,
      ...fields,
      user,
    };
  }

  app.post(
    '/v1/webauthn/register/start',
    {
      schema: {
        body: ServerWebAuthnRegisterStartBody,
        response: { 200: ServerWebAuthnRegisterStartResponse },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const { body } = request;
      const userId = await requireReferencedUser(db, project.id, body.user_id);
      const rpId = await allowedRpIdWithinLimit(request, body.domain);
      const started = await options.register.startForUser(project, userId, {
        rpId,
        authenticatorType: body.authenticator_type,
        passkey: body.return_passkey_credential_options === true,
        userAgent: body.user_agent ?? '',
        userName: body.override_name,
        userDisplayName: body.override_display_name,
        // The user's WebAuthn user handle, set by the first start that names it (webauthn-user-handle).
        overrideId: body.override_id,
      });
      return {
        ...flatAnswerHead(request),
        user_id: started.userId,
        public_key_credential_creation_options: encodeCeremonyOptions(
          started.options,
          body.use_base64_url_encoding === true,
        ),
      };
    },
  );

  app.post(
    '/v1/webauthn/register',
    {
      bodyLimit: SERVER_WEBAUTHN_REGISTER_BODY_LIMIT_BYTES + 16 * 1024,
      schema: { body: ServerWebAuthnRegisterBody, response: { 200: ServerWebAuthnRegisterResponse } },
    },
    async (request) => {
      const project = projectOf(request);
      const { body } = request;
      precheckSessionCustomClaims(body.session_custom_claims);
      const userId = await requireReferencedUser(db, project.id, body.user_id);
      const named = await namedSessionOf(project, body, userId);
      const startSession = named === undefined && body.session_duration_minutes !== undefined;
      const target = {
        userId,
        session: named?.row,
        newSession: startSession ? serverSessionAttributes(request, undefined) : undefined,
        actor: serverActor(request),
      };
      const registered = await options.register.finishFor(project, target, body);
      const token = named?.token ?? registered.newToken ?? '';
      const session = registered.session ? { row: registered.session, token } : undefined;
      return answer(request, userId, registered.registration.id, session, body.session_custom_claims);
    },
  );

  app.post(
    '/v1/webauthn/authenticate/start',
    {
      schema: {
        body: ServerWebAuthnAuthenticateStartBody,
        response: { 200: ServerWebAuthnAuthenticateStartResponse },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const { body } = request;
      const userId =
        body.user_id === undefined ? undefined : await requireReferencedUser(db, project.id, body.user_id);
      const rpId = await allowedRpIdWithinLimit(request, body.domain);
      const ceremony = { rpId, passkey: body.return_passkey_credential_options === true };
      // Without a user, any discoverable credential of the project may answer (and names its user).
      const requestOptions =
        userId === undefined
          ? await options.authenticate.startPrimary(project, ceremony)
          : await options.authenticate.startForUser(project, userId, ceremony);
      return {
        ...flatAnswerHead(request),
        user_id: userId ?? '',
        public_key_credential_request_options: encodeCeremonyOptions(
          requestOptions,
          body.use_base64_url_encoding === true,
        ),
      };
    },
  );

  app.post(
    '/v1/webauthn/authenticate',
    {
      schema: { body: ServerWebAuthnAuthenticateBody, response: { 200: ServerWebAuthnAuthenticateResponse } },
    },
    async (request) => {
      const project = projectOf(request);
      const { body } = request;
      precheckSessionCustomClaims(body.session_custom_claims);
      const named = await namedSessionOf(project, body);
      const signedIn = await options.authenticate.finishForServer(
        project,
        body,
        serverSessionAttributes(request, undefined),
        {
          named: named && { session: named.row, token: named.token },
          startSession: body.session_duration_minutes !== undefined,
        },
      );
      const session = signedIn.session ? { row: signedIn.session, token: signedIn.token } : undefined;
      return answer(
        request,
        signedIn.registration.user_id,
        signedIn.registration.id,
        session,
        body.session_custom_claims,
      );
    },
  );

  app.get(
    '/v1/webauthn/credentials/:user_id/:domain',
    {
      schema: {
        params: ServerWebAuthnListCredentialsParams,
        response: { 200: ServerWebAuthnListCredentialsResponse },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const userId = await requireReferencedUser(db, project.id, request.params.user_id);
      // The starts' RP ID rule: a domain the project could never use is a mistake, not an empty list.
      const rpId = allowedRpId(project, request.params.domain);
      const rows = await options.registrations.credentialsOf(project, userId, rpId);
      return {
        ...flatAnswerHead(request),
        credentials: rows.map((row) => ({
          credential_id: row.credential_id,
          webauthn_registration_id: row.id,
          type: 'public-key' as const,
          // Stored base64url; the hosted provider documents standard base64 here.
          public_key: Buffer.from(row.public_key, 'base64url').toString('base64'),
        })),
      };
    },
  );

  app.put(
    '/v1/webauthn/:webauthn_registration_id',
    {
      schema: {
        params: ServerWebAuthnUpdateParams,
        body: ServerWebAuthnUpdateBody,
        response: { 200: ServerWebAuthnUpdateResponse },
      },
    },
    async (request) => {
      const row = await options.registrations.renameInProject(
        projectOf(request),
        request.params.webauthn_registration_id,
        request.body.name,
      );
      return { ...flatAnswerHead(request), webauthn_registration: toWireWebAuthnRegistration(row) };
    },
  );
};
