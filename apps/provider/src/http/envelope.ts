/** @module envelope — the success envelope `{data:{request_id, status_code, …}}` and its schema. */
import type { FastifyRequest } from 'fastify';
import { type TProperties, Type } from 'typebox';

/** The wire success body for `fields`. */
export type Envelope<T extends object> = { data: T & { request_id: string; status_code: number } };

/** Wraps `fields` in the wire envelope with this request's id (wire/README.md). */
export function ok<T extends object>(request: FastifyRequest, fields: T, status = 200): Envelope<T> {
  return { data: { request_id: request.id, status_code: status, ...fields } };
}

/** The response schema of an enveloped reply; fields outside `properties` never leave the server. */
export function envelopeSchema<P extends TProperties>(properties: P) {
  return Type.Object({
    data: Type.Object({ request_id: Type.String(), status_code: Type.Integer(), ...properties }),
  });
}
