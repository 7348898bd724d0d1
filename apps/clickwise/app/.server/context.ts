/** @module context — what every loader and action gets: database, clock, config, Latchkey, corpus. */
import { createLatchkeyServerClient, type LatchkeyServerClient } from '@latchkey/node';
import type { WordFrequencies } from '../estimator/estimate.js';
import { subtlexFrequencies } from '../estimator/subtlex.server.js';
import { type Clock, systemClock } from './clock.js';
import type { ClickwiseConfig } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/connect.js';
import type { Db } from './db/database.js';
import { createGoogleSignInCheck } from './google-sign-in.js';

/** The site's services; created once per process. */
export interface AppContext {
  db: Db;
  clock: Clock;
  config: ClickwiseConfig;
  /** The server client of the configured project (created on first use). */
  latchkey(): LatchkeyServerClient;
  /** Whether the sign-in modal offers "Continue with Google" (the project has it, or the override). */
  googleSignIn(): Promise<boolean>;
  corpus(): WordFrequencies;
  close(): Promise<void>;
}

declare module 'react-router' {
  interface AppLoadContext {
    clickwise: AppContext;
  }
}

/** Opens and migrates the database, then builds the context. */
export async function createAppContext(
  config: ClickwiseConfig,
  options: { clock?: Clock; handle?: DatabaseHandle } = {},
): Promise<AppContext> {
  const handle = options.handle ?? (await openDatabase(config.database));
  let latchkey: LatchkeyServerClient | undefined;
  const clock = options.clock ?? systemClock;
  return {
    db: handle.db,
    clock,
    config,
    latchkey() {
      const project = config.project();
      latchkey ??= createLatchkeyServerClient({
        providerUrl: config.providerUrl,
        projectId: project.projectId,
        secret: project.secret,
      });
      return latchkey;
    },
    googleSignIn: createGoogleSignInCheck({
      providerUrl: config.providerUrl,
      publicToken: () => config.project().publicToken,
      clock,
      override: config.googleOAuth,
    }),
    corpus: subtlexFrequencies,
    close: handle.close,
  };
}
