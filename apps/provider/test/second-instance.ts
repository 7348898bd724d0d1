/**
 * A second provider app on the test context's database, as a second process behind the same
 * load balancer would run it (SECURITY A8). On PostgreSQL it opens its own connection pool; on
 * PGlite (one process only) it shares the context's.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { createPasswordHasher } from '../src/crypto/password-hasher.js';
import { connectDatabase } from '../src/db/connect.js';
import type { Db } from '../src/db/database.js';
import type { Mailer } from '../src/email/mailer.js';
import { createOutboxMailer } from '../src/email/outbox-mailer.js';
import { createOutboxMessenger } from '../src/messaging/outbox-messenger.js';
import { cryptoRandom } from '../src/random.js';
import { TEST_ARGON2, type TestContext } from './test-app.js';

/** The second app, its own database handle, and how to stop both. */
export interface SecondInstance {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/** Starts a second app sharing the context's database and clock; `mailer` defaults to the dev outbox. */
export async function startSecondInstance(
  ctx: TestContext,
  options: { mailer?: (db: Db) => Mailer; logger?: FastifyBaseLogger } = {},
): Promise<SecondInstance> {
  const url = ctx.database.url;
  const pool = url ? await connectDatabase({ kind: 'postgres', url, poolSize: 5 }) : undefined;
  const db = pool?.db ?? ctx.db;
  const deps = { db, clock: ctx.clock, random: cryptoRandom };
  const outbox = { ...deps, outboxUrl: 'http://localhost/dev/outbox', announce: () => {} };
  const app = buildApp(
    {
      mode: 'development',
      issuer: 'stytch.com',
      keyEncryptionSecret: 'test-key-encryption-secret',
      trustProxy: false,
    },
    {
      ...deps,
      mailer:
        options.mailer?.(db) ?? createOutboxMailer({ ...outbox, from: 'Latchkey <no-reply@localhost>' }),
      messenger: createOutboxMessenger(outbox),
      passwordHasher: createPasswordHasher({ parameters: TEST_ARGON2 }),
      ...(options.logger ? { logger: options.logger } : {}),
    },
  );
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await pool?.close();
    },
  };
}
