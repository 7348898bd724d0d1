/** @module envelope — wraps a route's fields in the wire envelope; the schemas are `@latchkey/wire`'s. */
import type { Envelope } from '@latchkey/wire';
import type { FastifyRequest } from 'fastify';

export { type Envelope, envelopeSchema } from '@latchkey/wire';

/** Wraps `fields` in the wire envelope with this request's id (wire/README.md). */
export function ok<T extends object>(request: FastifyRequest, fields: T, status = 200): Envelope<T> {
  return { data: { request_id: request.id, status_code: status, ...fields } };
}

/**
 * The head of a server-API answer, which is flat (the hosted provider's shape): these two stand
 * beside the answer's own fields instead of wrapping them.
 */
export function flatAnswerHead(request: FastifyRequest): { status_code: number; request_id: string } {
  return { status_code: 200, request_id: request.id };
}
