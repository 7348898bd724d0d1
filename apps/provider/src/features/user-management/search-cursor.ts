/**
 * @module search-cursor — the opaque `cursor` of POST /v1/users/search: where the last page ended
 * (its last user's creation time and id). It names a position, not a query, so a page is never
 * repeated or skipped when users are created meanwhile; a cursor that does not decode is a 400.
 */
import { ApiError } from '../../errors/api-error.js';

/** The keyset position after which the next page starts. */
export interface SearchPosition {
  createdAt: Date;
  id: string;
}

/** The cursor of the position after `last`. */
export function encodeSearchCursor(last: SearchPosition): string {
  return Buffer.from(JSON.stringify([last.createdAt.toISOString(), last.id])).toString('base64url');
}

/** The position a cursor names, or 400 `invalid_request` naming `cursor`. */
export function decodeSearchCursor(cursor: string): SearchPosition {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const at = new Date(createdAt as string);
    if (typeof createdAt === 'string' && typeof id === 'string' && !Number.isNaN(at.getTime())) {
      return { createdAt: at, id };
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw new ApiError('invalid_request', {
    message: 'cursor: is not a cursor this search returned',
    body: [{ dataPath: '.cursor', message: 'is not a cursor this search returned' }],
  });
}
