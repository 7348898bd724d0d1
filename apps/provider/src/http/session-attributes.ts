/** @module session-attributes — the request facts recorded on a new session. */
import type { FastifyRequest } from 'fastify';
import type { SessionAttributes } from '../features/sessions/sessions.service.js';

/** ip_address and user_agent (bounded) of `request`. */
export function sessionAttributesOf(request: FastifyRequest): SessionAttributes {
  const userAgent = request.headers['user-agent'];
  return {
    ip_address: request.clientIp,
    user_agent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : '',
  };
}
