/**
 * @module search-cursor — the opaque `cursor` of POST /v1/users/search: where the last page ended
 * (its last user's creation time and id) and in which order the walk goes. It names a position,
 * not a query, so a page is never repeated or skipped when users are created meanwhile; a cursor
 * that does not decode, or that belongs to the other order, is a 400.
 */
import type { UsersSearchOrder } from '@latchkey/wire';
import { ApiError } from '../../errors/api-error.js';

/** The keyset position after which the next page starts. */
export interface SearchPosition {
  createdAt: Date;
  id: string;
}

/** The cursor of the position after `last` in `order`. Oldest-first cursors keep their first form (two items), so those handed out before `order` existed still work. */
export function encodeSearchCursor(last: SearchPosition, order: UsersSearchOrder): string {
  const position = [last.createdAt.toISOString(), last.id];
  const items = order === 'created_at_asc' ? position : [...position, order];
  return Buffer.from(JSON.stringify(items)).toString('base64url');
}

const cursorError = (problem: string) =>
  new ApiError('invalid_request', {
    message: `cursor: ${problem}`,
    body: [{ dataPath: '.cursor', message: problem }],
  });

/** The position a cursor names, or 400 `invalid_request` naming `cursor` (also when it was made for the other `order`). */
export function decodeSearchCursor(cursor: string, order: UsersSearchOrder): SearchPosition {
  let items: unknown[] | undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parsed)) items = parsed;
  } catch {
    // Falls through to the 400 below.
  }
  const [createdAt, id, cursorOrder = 'created_at_asc'] = items ?? [];
  const at = new Date(createdAt as string);
  if (
    items === undefined ||
    items.length > 3 ||
    typeof createdAt !== 'string' ||
    typeof id !== 'string' ||
    Number.isNaN(at.getTime()) ||
    (cursorOrder !== 'created_at_asc' && cursorOrder !== 'created_at_desc')
  ) {
    throw cursorError('is not a cursor this search returned');
  }
  // A position means the opposite page in the other order: refuse rather than answer it.
  if (cursorOrder !== order) throw cursorError(`was returned for order ${cursorOrder}, not ${order}`);
  return { createdAt: at, id };
}
