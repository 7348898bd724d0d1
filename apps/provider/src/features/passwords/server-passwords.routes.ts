/**
 * @module server-passwords.routes — `/v1/passwords…` with Basic project_id:secret, as the hosted
 * provider's server API has them (wire/server-api.md): flat answers, the server API's user object.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ServerPasswordsAuthenticateBody,
  ServerPasswordsAuthenticateResponse,
  ServerPasswordsCreateBody,
  ServerPasswordsCreateResponse,
  ServerPasswordsEmailResetBody,
  ServerPasswordsEmailResetStartBody,
  ServerPasswordsEmailResetStartResponse,
  ServerPasswordsExistingPasswordResetBody,
  ServerPasswordsMigrateBody,
  ServerPasswordsMigrateResponse,
  ServerPasswordsSessionResetBody,
  ServerPasswordsStrengthCheckBody,
  ServerPasswordsStrengthCheckResponse,
} from '@latchkey/wire';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { messageLocale } from '../../email/message-locale.js';
import { ApiError } from '../../errors/api-error.js';
import { flatAnswerHead } from '../../http/envelope.js';
import { sessionAttributesOf } from '../../http/session-attributes.js';
import { projectOf } from '../../plugins/project-auth.js';
import { projectSecretHook, serverActor } from '../../plugins/secret-auth.js';
import type { LookupThrottle } from '../../rate-limit/lookup-throttle.js';
import { presentedSessionFromBody, type ServerCallerDeps } from '../server-api/server-caller.js';
import {
  namedSessionFields,
  noSessionFields,
  precheckSessionCustomClaims,
  type ServerSessionFields,
  withSessionCustomClaims,
} from '../server-api/session-custom-claims-step.js';
import { buildSignInResponse } from '../sessions/authenticate-response.js';
import type { PresentedSession } from '../sessions/presented-session.js';
import type { CustomClaims } from '../sessions/session-custom-claims.js';
import type { PrimarySignIn, SessionAttributes } from '../sessions/sessions.service.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';
import { loadServerUser } from '../users/server-user-object.js';
import { normalisePassword } from './password-input.js';
import type { PasswordsService } from './passwords.service.js';
import type { PasswordsEmailResetService } from './passwords-email-reset.service.js';
import type { PasswordsResetService } from './passwords-reset.service.js';
import { requireEmailAddress, type ServerPasswordsService } from './server-passwords.service.js';

/** What the server password routes need. */
export interface ServerPasswordsRoutesOptions extends SignInDeps {
  db: Db;
  caller: ServerCallerDeps;
  passwords: PasswordsService;
  resets: PasswordsResetService;
  emailResets: PasswordsEmailResetService;
  server: ServerPasswordsService;
  lookups: LookupThrottle;
}

export const serverPasswordsRoutes: FastifyPluginAsyncTypebox<ServerPasswordsRoutesOptions> = async (
  app,
  options,
) => {
  const { db, sessions, server } = options;
  app.addHook('onRequest', projectSecretHook(db));

  /**
   * The flat sign-in answer: a new sign-in's session (or intermediate session), a session the
   * call stepped up, or none; `claims` merged into the session when there is one.
   */
  async function answer(
    request: FastifyRequest,
    userId: string,
    outcome: { signIn?: PrimarySignIn | undefined; named?: PresentedSession | undefined },
    claims: CustomClaims | undefined,
  ) {
    const project = projectOf(request);
    let fields: ServerSessionFields & {
      intermediate_session_token?: string;
      mfa_required?: { totp: boolean; sms: boolean; enrol: boolean };
    } = noSessionFields();
    if (outcome.signIn) {
      const built = await buildSignInResponse(options.responses, project, outcome.signIn);
      const {
        user: _u,
        __user: _uu,
        user_id: _id,
        ...rest
      } = await withSessionCustomClaims(options, project, built, claims);
      fields = rest;
    } else if (outcome.named) {
      fields = await namedSessionFields(options, project, outcome.named, claims);
    }
    const user = await loadServerUser(db, project.id, userId);
    if (!user) throw new ApiError('user_not_found');
    return { ...flatAnswerHead(request), user_id: userId, ...fields, user };
  }

  /** The end user's request as the body describes it, over what this request shows. */
  const attributesOf = (
    request: FastifyRequest,
    given?: { ip_address?: string | undefined; user_agent?: string | undefined },
  ): SessionAttributes => {
    const own = sessionAttributesOf(request);
    return {
      ip_address: given?.ip_address || own.ip_address,
      user_agent: given?.user_agent ?? own.user_agent,
    };
  };

  app.post(
    '/v1/passwords',
    { schema: { body: ServerPasswordsCreateBody, response: { 200: ServerPasswordsCreateResponse } } },
    async (request) => {
      // telemetry_id is accepted and not used: the rest become the user's fields.
      const { session_custom_claims: claims, telemetry_id: _telemetry, ...input } = request.body;
      precheckSessionCustomClaims(claims);
      const attributes = sessionAttributesOf(request);
      const created = await server.create(projectOf(request), input, {
        ipAddress: request.clientIp,
        actor: serverActor(request),
        attributes,
      });
      const fields = await answer(request, created.userId, { signIn: created.signIn }, claims);
      return { ...fields, email_id: created.emailId };
    },
  );

  app.post(
    '/v1/passwords/authenticate',
    {
      schema: {
        body: ServerPasswordsAuthenticateBody,
        response: { 200: ServerPasswordsAuthenticateResponse },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const { session_custom_claims: claims, session_token, session_jwt, ...input } = request.body;
      precheckSessionCustomClaims(claims);
      requireEmailAddress(input.email);
      const named = await presentedSessionFromBody(options.caller, project, { session_token, session_jwt });
      const outcome = await server.authenticate(project, input, {
        session: named?.row,
        attributes: sessionAttributesOf(request),
        actor: serverActor(request),
      });
      const stepped = outcome.extended && named ? { row: outcome.extended, token: named.token } : undefined;
      return answer(request, outcome.user.id, { signIn: outcome.signIn, named: stepped }, claims);
    },
  );

  app.post(
    '/v1/passwords/strength_check',
    {
      schema: {
        body: ServerPasswordsStrengthCheckBody,
        response: { 200: ServerPasswordsStrengthCheckResponse },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      if (email !== undefined) requireEmailAddress(email);
      // An over-long password is refused (400 weak_password) before anything is counted.
      normalisePassword(password);
      const project = projectOf(request);
      // The caller is the integrator's server, for all its users: the project's limit only.
      await options.lookups.check(project, 'strength_check', null);
      return { ...flatAnswerHead(request), ...(await options.passwords.strength(project, password, email)) };
    },
  );

  app.post(
    '/v1/passwords/email/reset/start',
    {
      schema: {
        body: ServerPasswordsEmailResetStartBody,
        response: { 200: ServerPasswordsEmailResetStartResponse },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const { attributes, ...input } = request.body;
      // 400 naming locale before the lookup below (the send checks it again with the rest).
      messageLocale(input.locale);
      const recipient = await server.resetRecipient(project, input.email);
      // The send limit counts the end user's address when the integrator passes it on.
      await options.emailResets.start(project, input, attributesOf(request, attributes).ip_address);
      return { ...flatAnswerHead(request), user_id: recipient.userId, email_id: recipient.emailId };
    },
  );

  app.post(
    '/v1/passwords/email/reset',
    {
      schema: { body: ServerPasswordsEmailResetBody, response: { 200: ServerPasswordsAuthenticateResponse } },
    },
    async (request) => {
      const project = projectOf(request);
      const {
        session_custom_claims: claims,
        attributes,
        session_token,
        session_jwt,
        ...input
      } = request.body;
      precheckSessionCustomClaims(claims);
      const named = await presentedSessionFromBody(options.caller, project, { session_token, session_jwt });
      const startSession = input.session_duration_minutes !== undefined;
      const reset = await options.emailResets.redeem(project, input, attributesOf(request, attributes), {
        startSession,
        actor: serverActor(request),
        keepSession: named?.row,
      });
      if (!named) return answer(request, reset.userId, { signIn: reset.session }, claims);
      // The presented session stays (and is extended when asked); every other one was revoked.
      const touched = await sessions.authenticateById(project, named.row.id, input.session_duration_minutes);
      return answer(request, reset.userId, { named: { row: touched.session, token: named.token } }, claims);
    },
  );

  app.post(
    '/v1/passwords/existing_password/reset',
    {
      schema: {
        body: ServerPasswordsExistingPasswordResetBody,
        response: { 200: ServerPasswordsAuthenticateResponse },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const { session_custom_claims: claims, ...input } = request.body;
      precheckSessionCustomClaims(claims);
      requireEmailAddress(input.email);
      const startSession = input.session_duration_minutes !== undefined;
      const changed = await options.resets.changeWithExisting(project, input, sessionAttributesOf(request), {
        startSession,
        actor: serverActor(request),
      });
      return answer(request, changed.userId, { signIn: changed.session }, claims);
    },
  );

  app.post(
    '/v1/passwords/session/reset',
    {
      schema: {
        body: ServerPasswordsSessionResetBody,
        response: { 200: ServerPasswordsAuthenticateResponse },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const { session_custom_claims: claims, session_token, session_jwt, password } = request.body;
      precheckSessionCustomClaims(claims);
      const named = await presentedSessionFromBody(options.caller, project, { session_token, session_jwt });
      if (!named)
        throw new ApiError('invalid_request', {
          message: 'Send session_token or session_jwt: the session of the user whose password is set.',
          body: [{ dataPath: '.session_token', message: 'session_token or session_jwt is required' }],
        });
      await options.resets.withSession(project, named.row, password, { actor: serverActor(request) });
      // The presented session stays (and is extended when asked); every other one was revoked.
      const touched = await sessions.authenticateById(
        project,
        named.row.id,
        request.body.session_duration_minutes,
      );
      return answer(
        request,
        touched.session.user_id,
        { named: { row: touched.session, token: named.token } },
        claims,
      );
    },
  );

  app.post(
    '/v1/passwords/migrate',
    { schema: { body: ServerPasswordsMigrateBody, response: { 200: ServerPasswordsMigrateResponse } } },
    async (request) => {
      const project = projectOf(request);
      const migrated = await server.migrate(project, request.body, {
        ipAddress: request.clientIp,
        actor: serverActor(request),
      });
      const user = await loadServerUser(db, project.id, migrated.userId);
      if (!user) throw new ApiError('user_not_found');
      return {
        ...flatAnswerHead(request),
        user_id: migrated.userId,
        email_id: migrated.emailId,
        user_created: migrated.userCreated,
        user,
      };
    },
  );
};
