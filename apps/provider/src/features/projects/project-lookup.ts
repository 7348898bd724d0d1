/** @module project-lookup — projects by public token and the CORS origin gate, cached for a few seconds. */
import type { Clock } from '../../clock.js';
import type { DbExecutor } from '../../db/database.js';
import { createTtlCache } from '../../ttl-cache.js';
import { type Project, toProject } from './project.js';
import { isLocalDevOrigin } from './project-policy.js';
import { anyProjectAllowsOrigin, findProjectByPublicToken } from './projects.repository.js';

/**
 * How long a project's configuration is reused before it is read again. Every committed change
 * to a project row is announced on PROJECT_CHANGES_CHANNEL and drops the cache at once (the
 * administration API also drops it before answering); this TTL is the bound only while those
 * notifications cannot be received (the change feed's connection is down). Sessions are never
 * cached here: a revoked session is refused on the next call whatever this says.
 */
export const PROJECT_CACHE_TTL_MS = 5_000;

/** Enough for every project of a deployment; past it the oldest entry is dropped. */
const MAX_CACHED = 1_000;

/** Reads projects for the browser-facing API. */
export interface ProjectLookup {
  /** The project owning `publicToken`; a miss is never cached, so a new project works at once. */
  byPublicToken(publicToken: string): Promise<Project | undefined>;
  /**
   * Whether some project accepts `origin` (CORS preflights carry no credentials). Only "yes" is
   * cached: a refused origin is asked of the database every time, as a new project may accept it.
   */
  anyAllowsOrigin(origin: string): Promise<boolean>;
  /**
   * Drops every cached project and origin: called when a project changes (by this process after
   * its commit, and on the `latchkey_project_changes` notification from any process), so the
   * change applies at once rather than after PROJECT_CACHE_TTL_MS.
   */
  forgetAll(): void;
}

/** The channel every committed change to a project row is announced on (migration 2026_12_01_060000). */
export const PROJECT_CHANGES_CHANNEL = 'latchkey_project_changes';

/** What the lookup reads from. */
export interface ProjectLookupOptions {
  db: DbExecutor;
  clock: Clock;
  /** Defaults to PROJECT_CACHE_TTL_MS; 0 turns caching off. */
  ttlMs?: number;
}

/** Deep-freezes a cached project: one object now serves many requests, so none may change it. */
function frozen(project: Project): Project {
  for (const value of Object.values(project)) {
    if (typeof value === 'object' && value !== null && !(value instanceof Date)) Object.freeze(value);
  }
  return Object.freeze(project);
}

/** Creates the lookup over the projects table. */
export function createProjectLookup(options: ProjectLookupOptions): ProjectLookup {
  const cacheOptions = {
    clock: options.clock,
    ttlMs: options.ttlMs ?? PROJECT_CACHE_TTL_MS,
    maxEntries: MAX_CACHED,
  };
  const projects = createTtlCache<string, Project>(cacheOptions);
  // Keys are attacker-chosen Origin headers; maxEntries bounds them (only accepted ones are kept).
  const origins = createTtlCache<string, true>(cacheOptions);

  return {
    byPublicToken: (publicToken) =>
      projects.get(publicToken, async () => {
        const row = await findProjectByPublicToken(options.db, publicToken);
        return row ? frozen(toProject(row)) : undefined;
      }),
    anyAllowsOrigin: async (origin) =>
      (await origins.get(origin, async () =>
        (await anyProjectAllowsOrigin(options.db, origin, isLocalDevOrigin(origin))) ? true : undefined,
      )) === true,
    forgetAll: () => {
      projects.clear();
      origins.clear();
    },
  };
}
