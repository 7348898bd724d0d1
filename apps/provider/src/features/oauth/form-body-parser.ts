/** @module form-body-parser — application/x-www-form-urlencoded bodies, for the OAuth callback only (Apple's form_post). */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error.js';

/** A callback form holds a code, a state and Apple's small `user` field. */
export const FORM_BODY_LIMIT_BYTES = 16 * 1024;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Registers the parser on `app` (an encapsulated plugin, so no other route accepts forms).
 * Strict: each field at most once, no prototype-polluting names, at most 16 KiB.
 */
export function registerFormBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      const fields: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(
        typeof body === 'string' ? body : body.toString('utf8'),
      )) {
        if (FORBIDDEN_KEYS.has(key) || Object.hasOwn(fields, key)) {
          done(
            new ApiError('invalid_request', {
              message: `The form field "${key}" is not allowed or appears twice.`,
            }),
          );
          return;
        }
        fields[key] = value;
      }
      done(null, fields);
    },
  );
}
