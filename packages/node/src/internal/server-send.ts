/** @module internal/server-send — the one path by which a magic link or passcode is sent from a server. */

import { LatchkeyServerError } from '../errors.js';
import { invalidArgument, type ResolvedServerClientOptions, requireSecret } from '../options.js';
import { postServerApi } from './post-server-api.js';

/**
 * Checks that `request[recipient]` is a non-empty string (`invalid_argument`, nothing sent), posts
 * `request` to `path` with the project secret, and checks the answer names the user and the
 * method (`answerFields`), so a caller never gets a half-empty result typed as a full one.
 */
export async function serverSend<Result>(
  options: ResolvedServerClientOptions,
  path: string,
  request: object,
  recipient: 'email' | 'phone_number',
  answerFields: readonly string[],
): Promise<Result> {
  const secret = requireSecret(options);
  const fields = request as Record<string, unknown>;
  if (typeof fields[recipient] !== 'string' || fields[recipient] === '')
    throw invalidArgument(recipient, 'must be a non-empty string');
  const body = await postServerApi(options, secret, path, fields);
  if (!answerFields.every((field) => typeof body[field] === 'string')) {
    throw new LatchkeyServerError('invalid_response', {
      message: `The provider answered 2xx without ${answerFields.join(', ')}.`,
      requestId: typeof body.request_id === 'string' ? body.request_id : undefined,
    });
  }
  return body as Result;
}
