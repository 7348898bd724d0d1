/** @module json-body-parser — application/json parsing that accepts the SDK's empty bodies. */
import type { FastifyInstance } from 'fastify';

/**
 * Replaces Fastify's JSON parser: an empty body (wire/README.md: bodiless POSTs still send
 * `Content-Type: application/json`) parses as `{}`; anything else goes through Fastify's own
 * parser, which rejects `__proto__`/`constructor` poisoning and malformed JSON.
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
    parseJson(request, text, done);
  });
}
