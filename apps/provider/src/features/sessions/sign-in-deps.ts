/** @module sign-in-deps — what the routes that sign in, or answer with a session, are given. */
import type { FastifyInstance } from 'fastify';
import { SDK_PREFIX } from '../../feature-plugin.js';
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

/** The registration options of a feature's SDK routes that sign in: `own`, the SignInDeps, under /sdk/v1. */
export function sdkSignInRoutes<Own extends object>(
  app: FastifyInstance,
  own: Own,
): Own & SignInDeps & { prefix: string } {
  return { prefix: SDK_PREFIX, ...signInDepsOf(app), ...own };
}
