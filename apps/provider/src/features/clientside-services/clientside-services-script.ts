/** @module clientside-services-script — the frame's browser script, a plain asset read once at start. */
import { readFileSync } from 'node:fs';

/**
 * `apps/provider/assets/clientside-services.js`. This module sits at the same depth under `src/`
 * (tsx, vitest) and `dist/` (the built provider), so one relative URL finds the asset from both.
 */
export const CLIENTSIDE_SERVICES_SCRIPT_URL = new URL(
  '../../../assets/clientside-services.js',
  import.meta.url,
);

/** Reads the script; called once when the routes are registered, so a missing asset fails the start. */
export function loadClientsideServicesScript(): string {
  return readFileSync(CLIENTSIDE_SERVICES_SCRIPT_URL, 'utf8');
}
