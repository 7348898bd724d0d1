/** Two provider instances on one PostgreSQL database, each with a recording mailer and a captured logger. */
import { afterAll, beforeAll } from 'vitest';
import { capturedLogger } from './captured-logger.js';
import { recordingMailer } from './password-lock-helpers.js';
import { readThroughView } from './read-through-view.js';
import { type SecondInstance, startSecondInstance } from './second-instance.js';
import { createTestContext, outboxMailerFor, type TestContext, type TestContextOptions } from './test-app.js';

/** The pair, and what each instance mailed and logged (index 0: `ctx`, 1: `second`). */
export interface TwoInstances {
  ctx: TestContext;
  second: SecondInstance;
  mail: readonly [ReturnType<typeof recordingMailer>, ReturnType<typeof recordingMailer>];
  logs: readonly [ReturnType<typeof capturedLogger>, ReturnType<typeof capturedLogger>];
}

/**
 * Builds the pair before the block's first test and closes both after its last. Each mailer
 * records and passes its mail on to the shared outbox, as production delivers it.
 */
export function useTwoInstances(options: TestContextOptions = {}): TwoInstances {
  const mail = [recordingMailer(), recordingMailer()] as const;
  const logs = [capturedLogger(), capturedLogger()] as const;
  let ctx: TestContext | undefined;
  let second: SecondInstance | undefined;
  beforeAll(async () => {
    const first = await createTestContext({ ...options, logger: logs[0].logger, mailer: mail[0].mailer });
    ctx = first;
    mail[0].passTo(outboxMailerFor(first.db, first.clock));
    second = await startSecondInstance(first, {
      logger: logs[1].logger,
      mailer: (db) => {
        mail[1].passTo(outboxMailerFor(db, first.clock));
        return mail[1].mailer;
      },
    });
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });
  const built = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is read before its beforeAll built it`);
    return value;
  };
  return {
    ctx: readThroughView(() => built(ctx, 'the first instance')),
    second: readThroughView(() => built(second, 'the second instance')),
    mail,
    logs,
  };
}
