/** @module envelope — the success envelope `{data:{request_id, status_code, …}}` of every `/sdk/v1` answer. */
import { type Static, type TProperties, Type } from 'typebox';

/** The fields every `/sdk/v1` response carries inside `data` (wire/README.md). */
export const ResponseCommonSchema = Type.Object({ request_id: Type.String(), status_code: Type.Integer() });

/** Fields every `/sdk/v1` response carries inside `data`. */
export type ResponseCommon = Static<typeof ResponseCommonSchema>;

/**
 * The fields a flat answer (the server API's `/v1`, without `data`) starts with, in the order it
 * sends them.
 */
export const flatAnswerFields = { status_code: Type.Integer(), request_id: Type.String() };

/** The `data` object of a response with `properties` beside the common fields. */
export function responseDataSchema<P extends TProperties>(properties: P) {
  return Type.Object({ ...ResponseCommonSchema.properties, ...properties });
}

/** The response schema of an enveloped reply; fields outside `properties` never leave the server. */
export function envelopeSchema<P extends TProperties>(properties: P) {
  return Type.Object({ data: responseDataSchema(properties) });
}

/** The wire success body for the fields `T`. */
export type Envelope<T extends object> = { data: T & ResponseCommon };
