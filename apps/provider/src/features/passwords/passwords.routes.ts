/** @module passwords.routes — POST /passwords, /passwords/authenticate, /passwords/strength_check and /users/search. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.js';
import { sessionAttributesOf } from '../../http/session-attributes.js';
import { createPublicAuth, projectOf, signedInCaller } from '../../plugins/project-auth.js';
import type { LookupThrottle } from '../../rate-limit/lookup-throttle.js';
import { requireCaptcha } from '../captcha/require-captcha.js';
import type { Project } from '../projects/project.js';
import { buildAuthenticateResponse, buildSignInResponse } from '../sessions/authenticate-response.js';
import type { SignInDeps } from '../sessions/sign-in-deps.js';
import { assertEmailAddress } from '../users/email-address.js';
import { normalisePassword } from './password-input.js';
import {
  AuthenticateResponse,
  CreateResponse,
  ExistingPasswordResetBody,
  PasswordLoginBody,
  ResetBody,
  ResetStartBody,
  ResetStartResponse,
  SessionResetBody,
  StrengthCheckBody,
  StrengthCheckResponse,
  UserSearchBody,
  UserSearchResponse,
} from './passwords.schemas.js';
import type { PasswordsService } from './passwords.service.js';
import { browserSignIn, type PasswordsEmailResetService } from './passwords-email-reset.service.js';
import type { PasswordsResetService } from './passwords-reset.service.js';

/** What the password routes need. */
export interface PasswordsRoutesOptions extends SignInDeps {
  passwords: PasswordsService;
  resets: PasswordsResetService;
  emailResets: PasswordsEmailResetService;
  lookups: LookupThrottle;
}

/**
 * The project of a sign-up, sign-in or reset start, once the captcha passed (429 captcha_failed,
 * when the project has one) and `email` is an address (400 invalid_email).
 */
async function admittedProject(request: FastifyRequest & { body: { email: string } }): Promise<Project> {
  const project = projectOf(request);
  await requireCaptcha(project, request);
  assertEmailAddress(request.body.email);
  return project;
}

/**
 * The password endpoints (all public, all POST). Sign-up, sign-in and reset start check the
 * captcha first (429 captcha_failed, when the project has one). An `email` that is a string but no
 * address is then 400 invalid_email before anything else happens (a wrong JSON type is the schema's 400).
 */
export const passwordsRoutes: FastifyPluginAsyncTypebox<PasswordsRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', createPublicAuth());
  const { passwords, responses } = options;

  app.post(
    '/passwords',
    { schema: { body: PasswordLoginBody, response: { 200: CreateResponse } } },
    async (request) => {
      const project = await admittedProject(request);
      const created = await passwords.create(project, request.body, sessionAttributesOf(request));
      const fields = await buildSignInResponse(responses, project, created);
      return ok(request, { ...fields, email_id: created.emailId });
    },
  );

  app.post(
    '/passwords/authenticate',
    { schema: { body: PasswordLoginBody, response: { 200: AuthenticateResponse } } },
    async (request) => {
      const project = await admittedProject(request);
      const session = await passwords.authenticate(project, request.body, sessionAttributesOf(request));
      return ok(request, await buildSignInResponse(responses, project, session));
    },
  );

  app.post(
    '/passwords/email/reset/start',
    { schema: { body: ResetStartBody, response: { 200: ResetStartResponse } } },
    async (request) => {
      const project = await admittedProject(request);
      await options.emailResets.start(project, request.body, request.clientIp);
      return ok(request, {});
    },
  );

  app.post(
    '/passwords/email/reset',
    { schema: { body: ResetBody, response: { 200: AuthenticateResponse } } },
    async (request) => {
      const project = projectOf(request);
      const reset = await options.emailResets.redeem(project, request.body, sessionAttributesOf(request));
      return ok(request, await buildSignInResponse(responses, project, browserSignIn(reset)));
    },
  );

  app.post(
    '/passwords/existing_password/reset',
    { schema: { body: ExistingPasswordResetBody, response: { 200: AuthenticateResponse } } },
    async (request) => {
      assertEmailAddress(request.body.email);
      const project = projectOf(request);
      const changed = await options.resets.changeWithExisting(
        project,
        request.body,
        sessionAttributesOf(request),
      );
      return ok(request, await buildSignInResponse(responses, project, browserSignIn(changed)));
    },
  );

  app.post(
    '/passwords/session/reset',
    { schema: { body: SessionResetBody, response: { 200: AuthenticateResponse } } },
    async (request) => {
      const { project, session: live } = await signedInCaller(request, options.sessions);
      await options.resets.withSession(project, live, request.body.password);
      // The presented session stays (and is extended when asked); every other one was revoked.
      const touched = await options.sessions.authenticate(
        project,
        request.sessionToken,
        request.body.session_duration_minutes,
      );
      const token = request.sessionToken as string;
      return ok(
        request,
        await buildAuthenticateResponse(responses, project, touched.session, token, touched.user),
      );
    },
  );

  app.post(
    '/passwords/strength_check',
    { schema: { body: StrengthCheckBody, response: { 200: StrengthCheckResponse } } },
    async (request) => {
      const { email, password } = request.body;
      if (email !== undefined) assertEmailAddress(email);
      // An over-long password is refused (400 weak_password) before anything is counted.
      normalisePassword(password);
      const project = projectOf(request);
      await options.lookups.check(project, 'strength_check', request.clientIp);
      return ok(request, await passwords.strength(project, password, email));
    },
  );

  app.post(
    '/users/search',
    { schema: { body: UserSearchBody, response: { 200: UserSearchResponse } } },
    async (request) => {
      assertEmailAddress(request.body.email);
      const project = projectOf(request);
      await options.lookups.check(project, 'users_search', request.clientIp);
      return ok(request, { userType: await passwords.search(project, request.body.email) });
    },
  );
};
