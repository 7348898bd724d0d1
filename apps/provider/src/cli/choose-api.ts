/**
 * @module choose-api — where the CLI sends its calls. `--url` / LATCHKEY_URL: that provider, over
 * HTTP. Otherwise, on PGlite, a running provider holds the data directory (pglite-lock.ts) and
 * must not be opened twice: the CLI calls it over HTTP at LATCHKEY_PUBLIC_URL (default
 * http://localhost:PORT). With no provider running (or on PostgreSQL, which many processes share
 * and whose change notifications reach every running provider) the CLI builds the app in-process.
 */
import { join } from 'node:path';
import type { ProviderConfig } from '../config.js';
import { LOCK_FILE_NAME, liveLockHolder } from '../db/pglite-lock.js';
import { readDevOperatorKey } from '../features/operator-keys/dev-operator-key.js';
import { httpApi } from './http-api.js';
import type { OperatorApi } from './operator-api.js';

/** A mistake in how the CLI was set up (exit 2). */
export class CliSetupError extends Error {
  override readonly name = 'CliSetupError';
}

/** LATCHKEY_OPERATOR_KEY, else the development key the provider wrote to `.data/operator-key.json`. */
function operatorKeyFor(config: ProviderConfig): string {
  const key = config.operatorKey ?? readDevOperatorKey(config.dataDir)?.secret;
  if (key === undefined)
    throw new CliSetupError(
      `No operator key: set LATCHKEY_OPERATOR_KEY (or run the provider in development once, which writes ${join(config.dataDir, 'operator-key.json')}).`,
    );
  return key;
}

/** The API to call and how to let it go. */
export async function chooseOperatorApi(
  config: ProviderConfig,
  url: string | undefined,
): Promise<{ api: OperatorApi; close: () => Promise<void>; via: 'http' | 'in-process' }> {
  const noop = async () => {};
  if (url !== undefined) return { api: httpApi(url, operatorKeyFor(config)), close: noop, via: 'http' };
  if (config.databaseUrl === undefined && liveLockHolder(join(config.dataDir, LOCK_FILE_NAME)) !== undefined)
    return {
      api: httpApi(config.publicUrl, operatorKeyFor(config), { waitForStart: true }),
      close: noop,
      via: 'http',
    };
  // Loaded only here: the in-process API builds the whole app (seconds of module loading), which
  // a command sent over HTTP to a running provider never needs.
  const { openInProcessApi } = await import('./in-process-api.js');
  return { ...(await openInProcessApi(config)), via: 'in-process' };
}
