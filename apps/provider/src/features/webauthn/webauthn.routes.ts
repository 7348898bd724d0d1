/**
 * @module webauthn.routes — the passkey endpoints under /sdk/v1: register (start, finish), sign in
 * (start primary/secondary, finish), rename, and DELETE /users/webauthn_registrations/{id}.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database.js';
import { clientHintsOf } from '../../http/client-hints.js';
import { ok } from '../../http/envelope.js';
import { sessionAttributesOf } from '../../http/session-attributes.js';
import { createPublicAuth, projectOf, signedInCaller } from '../../plugins/project-auth.js';
import type { LookupThrottle } from '../../rate-limit/lookup-throttle.js';
import type { Project } from '../projects/project.js';
import { buildAuthenticateResponse } from '../sessions/authenticate-response.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';
import { toWireWebAuthnRegistration } from '../users/user-object.js';
import { userAfterRemoval } from '../users/users.service.js';
import { requireAllowedRpId } from './rp-id.js';
import {
  AuthenticateBody,
  AuthenticateStartBody,
  AuthenticateStartResponse,
  DeleteResponse,
  PasskeyAuthenticateResponse,
  REGISTER_BODY_LIMIT_BYTES,
  RegisterBody,
  RegisterStartBody,
  RegisterStartResponse,
  RegistrationParams,
  UpdateBody,
  UpdateResponse,
} from './webauthn.schemas.js';
import type { WebauthnAuthenticateService } from './webauthn-authenticate.service.js';
import type { WebauthnRegisterService } from './webauthn-register.service.js';
import type { WebauthnRegistrationsService } from './webauthn-registrations.service.js';

/** What the passkey routes need. */
export interface WebauthnRoutesOptions extends SignInDeps {
  db: Db;
  register: WebauthnRegisterService;
  authenticate: WebauthnAuthenticateService;
  registrations: WebauthnRegistrationsService;
  lookups: LookupThrottle;
}

/**
 * The passkey endpoints. Session endpoints check the session first (401 user_unauthenticated /
 * 404 session_not_found); start endpoints then check the domain (400) and only then count
 * against the per-network limit, so a refused request uses no budget.
 */
export const webauthnRoutes: FastifyPluginAsyncTypebox<WebauthnRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', createPublicAuth());
  const { sessions, responses, lookups } = options;

  /** The three start endpoints' RP ID: refused domains (400) are checked before the limit is counted. */
  async function allowedRpIdWithinLimit(project: Project, domain: string, ip: string): Promise<string> {
    const rpId = requireAllowedRpId(project, domain);
    await lookups.check(project, 'webauthn_start', ip);
    return rpId;
  }

  app.post(
    '/webauthn/register/start',
    { schema: { body: RegisterStartBody, response: { 200: RegisterStartResponse } } },
    async (request) => {
      const { project, session } = await signedInCaller(request, sessions);
      const rpId = await allowedRpIdWithinLimit(project, request.body.domain, request.clientIp);
      const { userId, options: creation } = await options.register.start(project, session, {
        rpId,
        authenticatorType: request.body.authenticator_type,
        passkey: request.body.return_passkey_credential_options === true,
        userAgent: request.body.user_agent ?? sessionAttributesOf(request).user_agent,
      });
      return ok(request, {
        user_id: userId,
        public_key_credential_creation_options: JSON.stringify(creation),
      });
    },
  );

  app.post(
    '/webauthn/register',
    {
      bodyLimit: REGISTER_BODY_LIMIT_BYTES,
      schema: { body: RegisterBody, response: { 200: PasskeyAuthenticateResponse } },
    },
    async (request) => {
      const project = projectOf(request);
      const token = request.sessionToken;
      const session = await sessions.requireLive(project, token);
      const registered = await options.register.finish(
        project,
        session,
        request.body,
        clientHintsOf(request),
      );
      const fields = await buildAuthenticateResponse(responses, project, registered.session, token as string);
      return ok(request, { ...fields, webauthn_registration_id: registered.registration.id });
    },
  );

  // The two starts differ only in who may answer: anyone (primary) or the live session's user (secondary).
  for (const step of ['primary', 'secondary'] as const) {
    app.post(
      `/webauthn/authenticate/start/${step}`,
      { schema: { body: AuthenticateStartBody, response: { 200: AuthenticateStartResponse } } },
      async (request) => {
        const project = projectOf(request);
        const session =
          step === 'secondary' ? await sessions.requireLive(project, request.sessionToken) : null;
        const rpId = await allowedRpIdWithinLimit(project, request.body.domain, request.clientIp);
        const ceremony = { rpId, passkey: request.body.return_passkey_credential_options === true };
        const requestOptions = session
          ? await options.authenticate.startSecondary(project, session, ceremony)
          : await options.authenticate.startPrimary(project, ceremony);
        return ok(request, { public_key_credential_request_options: JSON.stringify(requestOptions) });
      },
    );
  }

  app.post(
    '/webauthn/authenticate',
    { schema: { body: AuthenticateBody, response: { 200: PasskeyAuthenticateResponse } } },
    async (request) => {
      const project = projectOf(request);
      const signedIn = await options.authenticate.finish(
        project,
        request.sessionToken,
        request.body,
        sessionAttributesOf(request),
      );
      const fields = await buildAuthenticateResponse(responses, project, signedIn.session, signedIn.token);
      return ok(request, { ...fields, webauthn_registration_id: signedIn.registration.id });
    },
  );

  app.put(
    '/webauthn/update/:webauthn_registration_id',
    { schema: { params: RegistrationParams, body: UpdateBody, response: { 200: UpdateResponse } } },
    async (request) => {
      const { project, session } = await signedInCaller(request, sessions);
      const row = await options.registrations.rename(
        project,
        session,
        request.params.webauthn_registration_id,
        request.body.name,
      );
      return ok(request, { webauthn_registration: toWireWebAuthnRegistration(row) });
    },
  );

  app.delete(
    '/users/webauthn_registrations/:webauthn_registration_id',
    { schema: { params: RegistrationParams, response: { 200: DeleteResponse } } },
    async (request) => {
      const { project, session } = await signedInCaller(request, sessions);
      await options.registrations.remove(project, session, request.params.webauthn_registration_id);
      return ok(request, await userAfterRemoval(options.db, project.id, session.user_id));
    },
  );
};
