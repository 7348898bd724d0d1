/** @module sessions — the answers of `/sessions/authenticate` and `/sessions/revoke`. */
import { authenticateResponseSchema } from './authenticate-response.js';
import { envelopeSchema } from './envelope.js';

/** POST /sessions/authenticate. */
export const SessionsAuthenticateResponse = authenticateResponseSchema({});

/** POST /sessions/revoke. */
export const SessionsRevokeResponse = envelopeSchema({});
