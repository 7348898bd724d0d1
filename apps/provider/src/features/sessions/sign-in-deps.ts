/** @module sign-in-deps — what the routes that sign in, or answer with a session, are given. */
import type { AuthenticateResponseDeps } from './authenticate-response.js';
import type { SessionsService } from './sessions.service.js';

/** The app's `sessions`, and its `sessionResponses` that every sign-in answer is built with. */
export interface SignInDeps {
  sessions: SessionsService;
  responses: AuthenticateResponseDeps;
}
