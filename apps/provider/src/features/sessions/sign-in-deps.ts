/** @module sign-in-deps — what the routes that sign in, or answer with a session, are given. */
import type { FastifyInstance } from 'fastify';
import type { AuthenticateResponseDeps } from './authenticate-response.js';
import type { SessionsService } from './sessions.service.js';

/** The app's `sessions`, and its `sessionResponses` that every sign-in answer is built with. */
export interface SignInDeps {
  sessions: SessionsService;
  responses: AuthenticateResponseDeps;
}

/** The SignInDeps the sessions plugin decorated `app` with, for the routes a feature registers. */
export function signInDepsOf(app: FastifyInstance): SignInDeps {
  return { sessions: app.sessions, responses: app.sessionResponses };
}
