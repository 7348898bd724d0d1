/** @module pglite-lock — keeps two processes from opening one PGlite directory (it would corrupt it). */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** The lock file's name, beside the PGlite directory in the data directory. */
export const LOCK_FILE_NAME = 'pglite.lock';

/** Thrown when another live process holds the lock. */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The process id in the lock file at `path` when that process is alive and not this one (the CLI
 * asks, to reach a running provider instead of opening its directory); undefined otherwise.
 */
export function liveLockHolder(path: string): number | undefined {
  let holder: number;
  try {
    holder = Number(readFileSync(path, 'utf8').trim());
  } catch {
    return undefined;
  }
  return Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)
    ? holder
    : undefined;
}

/** Takes the lock file at `path` for this process; returns the release function. */
export function acquireDataDirLock(path: string): () => void {
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = liveLockHolder(path);
      if (holder !== undefined) {
        throw new DataDirLockedError(
          `the PGlite data directory is in use by process ${holder} (stop it, or set DATABASE_URL to share a PostgreSQL server)`,
        );
      }
      // A stale lock from a process that died: remove it and try once more.
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`could not take the lock ${path}`);
}
