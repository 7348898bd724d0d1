/**
 * @module express — `@latchkey/node/express`: middleware that puts the request's verified session
 * on `req.latchkey` (Express 4 and 5; no import of Express itself).
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type LatchkeyRequestSession,
  type LatchkeySessionOptions,
  resolveRequestSession,
  UNAUTHENTICATED_BODY,
} from './middleware/request-session.js';

declare global {
  namespace Express {
    interface Request {
      /** The verified Latchkey session, or null (set by `latchkeySession`). */
      latchkey?: LatchkeyRequestSession | null;
    }
  }
}

/** An Express-compatible middleware (a plain Node handler with `next`). */
export type LatchkeyExpressMiddleware = (
  req: IncomingMessage & { latchkey?: LatchkeyRequestSession | null },
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/**
 * Express middleware: sets `req.latchkey` to the verified session (local JWT verification first,
 * the provider as `options.remote` says) or `null`; with `required: true` a request without a
 * valid session is answered 401 and goes no further. A provider that cannot answer goes to
 * Express's error handler (`next(error)`).
 *
 * @example
 * app.use(latchkeySession({ client: latchkey }));
 * app.get('/account', latchkeySession({ client: latchkey, required: true }), (req, res) => …);
 */
export function latchkeySession(options: LatchkeySessionOptions): LatchkeyExpressMiddleware {
  return (req, res, next) => {
    resolveRequestSession(options, req.headers).then((session) => {
      req.latchkey = session;
      if (session === null && options.required) {
        res.statusCode = 401;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify(UNAUTHENTICATED_BODY));
        return;
      }
      next();
    }, next);
  };
}
