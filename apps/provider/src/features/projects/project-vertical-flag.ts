/** @module project-vertical-flag — the CLI's `--vertical` as a project's bootstrap `vertical`. */
import type { ProjectVertical } from './projects.table.js';

const VERTICALS: Record<string, ProjectVertical | null> = { consumer: 'CONSUMER', b2b: 'B2B', none: null };

/**
 * `consumer`, `b2b` or `none` (any case) → the stored value; anything else is a mistake, named by
 * `label` (the CLI's flag, or the API's field).
 */
export function parseVerticalFlag(
  raw: string,
  label = '--vertical',
): { ok: true; vertical: ProjectVertical | null } | { ok: false; problem: string } {
  const key = raw.toLowerCase();
  if (!Object.hasOwn(VERTICALS, key))
    return { ok: false, problem: `Bad ${label} ${raw} (consumer|b2b|none)` };
  return { ok: true, vertical: VERTICALS[key] ?? null };
}
