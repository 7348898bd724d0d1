/** @module json-body-parser — application/json parsing that accepts the SDK's empty bodies. */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { findDuplicateJsonKey } from './duplicate-json-key.js';

/**
 * Replaces Fastify's JSON parser: an empty body (wire/README.md: bodiless POSTs still send
 * `Content-Type: application/json`) parses as `{}`; anything else goes through Fastify's own
 * parser, which rejects `__proto__`/`constructor` poisoning and malformed JSON. A key named twice
 * in one object is refused too: JSON.parse keeps the last, another reader of the same body may
 * keep the first, and mail once went to the second of two `email`s.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // JSON only: a text/plain body (a CORS "simple" request) gets 415 rather than a parse attempt.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) {
        done(error, undefined);
        return;
      }
      const duplicate = findDuplicateJsonKey(text);
      if (duplicate === undefined) {
        done(null, value);
        return;
      }
      done(
        new ApiError('invalid_request', {
          message: `The request body names ${JSON.stringify(duplicate)} more than once in one object.`,
        }),
        undefined,
      );
    });
  });
}
