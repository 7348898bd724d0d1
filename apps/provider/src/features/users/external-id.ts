/** @module external-id — keeping a project's external ids unique (the server API's `external_id`). */
import type { DbExecutor } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { findUserIdByExternalId } from './server-user.repository.js';

const taken = () =>
  new ApiError('duplicate_external_id', {
    body: [{ dataPath: '.external_id', message: 'is already the external_id of another user' }],
  });

/** 400 duplicate_external_id when another user of `projectId` than `userId` holds `externalId`. */
export async function requireExternalIdFree(
  db: DbExecutor,
  projectId: string,
  externalId: string,
  userId?: string,
): Promise<void> {
  const holder = await findUserIdByExternalId(db, projectId, externalId);
  if (holder !== undefined && holder !== userId) throw taken();
}

/**
 * The error to answer for `error`: duplicate_external_id when it is the unique index refusing a
 * second holder (two requests that each checked before either wrote), else `error` itself.
 */
export function externalIdConflictOr(error: unknown): unknown {
  const { code, constraint, message } = (error ?? {}) as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  const index = 'users_project_external_id_key';
  const isIt =
    code === '23505' && (constraint === index || (typeof message === 'string' && message.includes(index)));
  return isIt ? taken() : error;
}
