/** @module requesting-origin — the page a wallet challenge is issued to and presented from (SECURITY G1). */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import type { Project } from '../projects/project.js';
import { isOriginAllowed } from '../projects/project-policy.js';

/**
 * The request's Origin header, which must be an allowed origin of the project. Unlike other
 * /sdk/v1 calls a wallet call without one is refused (403 invalid_origin): the signed message
 * names the page, and a challenge is bound to it, so there is no page-less way to sign in.
 */
export function requireRequestingOrigin(request: FastifyRequest, project: Project): string {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && isOriginAllowed(project, origin)) return origin;
  throw new ApiError(
    'invalid_origin',
    origin === undefined
      ? {
          message:
            'Wallet sign-in needs the Origin header of the page that asks; call it from an allowed origin of the project.',
        }
      : {},
  );
}
