/**
 * The delivery queue (issue 16 item 4): a message promised by an answer survives the process,
 * a transport failure is retried and then given up, and several processes on one database
 * deliver each message exactly once.
 */
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import {
  authenticateMagicLink,
  outboxFor,
  requestMagicLink,
  tokenFromText,
} from '../../test/magic-link-helpers.js';
import { startReset } from '../../test/password-helpers.js';
import { countRowsMatching } from '../../test/row-counts.js';
import { drainDeliveries, outboxMailerFor, TEST_ARGON2, type TestContext } from '../../test/test-app.js';
import { testDatabaseUrl } from '../../test/test-database.js';
import { useTestContext } from '../../test/use-test-context.js';
import { buildApp } from '../app.js';
import { createPasswordHasher } from '../crypto/password-hasher.js';
import { connectDatabase } from '../db/connect.js';
import type { Db } from '../db/database.js';
import { MailDeliveryError, type Mailer, type OutgoingEmail } from '../email/mailer.js';
import { createProviderLogger } from '../logging/provider-logger.js';
import { createOutboxMessenger } from '../messaging/outbox-messenger.js';
import { cryptoRandom } from '../random.js';
import { claimDeliveryJob, completeDeliveryJob, insertDeliveryJob } from './delivery-jobs.repository.js';
import { DELIVERY_CLAIM_MS, type DeliveryWorkerSettings } from './delivery-worker.js';
import { MAX_DELIVERY_ATTEMPTS } from './retry-schedule.js';

const outboxMailer = (ctx: TestContext, db: Db = ctx.db) => outboxMailerFor(db, ctx.clock);

/** Another provider process on the test's database: its own app, worker and (on PostgreSQL) pool. */
function anotherProcess(
  ctx: TestContext,
  options: { db?: Db; mailer?: Mailer; delivery?: DeliveryWorkerSettings },
) {
  const db = options.db ?? ctx.db;
  return buildApp(
    {
      mode: 'development',
      issuer: 'stytch.com',
      keyEncryptionSecret: 'test-key-encryption-secret',
    },
    {
      db,
      clock: ctx.clock,
      random: cryptoRandom,
      mailer: options.mailer ?? outboxMailer(ctx, db),
      messenger: createOutboxMessenger({
        db,
        clock: ctx.clock,
        random: cryptoRandom,
        outboxUrl: 'x',
        announce: () => {},
      }),
      passwordHasher: createPasswordHasher({ parameters: TEST_ARGON2 }),
      ...(options.delivery ? { delivery: options.delivery } : {}),
    },
  );
}

const jobsTo = (ctx: TestContext, recipient: string) =>
  ctx.db.selectFrom('delivery_jobs').selectAll().where('recipient', '=', recipient).orderBy('seq').execute();

describe('durability', () => {
  const ctx = useTestContext();

  it('a job answered by a process that stopped before sending is delivered once by the next one', async () => {
    // ctx.app's worker never runs on its own: it stands for a process killed right after answering.
    expect((await requestMagicLink(ctx, 'restart@example.com')).statusCode).toBe(200);
    expect((await startReset(ctx, 'restart@example.com')).statusCode).toBe(200);
    expect(await jobsTo(ctx, 'restart@example.com')).toMatchObject([
      { state: 'pending' },
      { state: 'pending' },
    ]);
    expect(await ctx.db.selectFrom('outbox_messages').selectAll().execute()).toEqual([]);

    const next = anotherProcess(ctx, { delivery: { pollIntervalMs: 3_600_000 } });
    try {
      await next.ready();
      // Started on ready: it looks for what was left without being told (no drain here).
      await vi.waitFor(
        async () =>
          expect(await jobsTo(ctx, 'restart@example.com')).toMatchObject([
            { state: 'done' },
            { state: 'done' },
          ]),
        { timeout: 15_000, interval: 20 },
      );
      await next.deliveries.drain();
      ctx.clock.advance(DELIVERY_CLAIM_MS + 1_000);
      await next.deliveries.drain();
      const messages = await outboxFor(ctx, 'restart@example.com');
      expect(messages.map((m) => m.subject)).toEqual([
        'Reset your Development project password',
        'Finish creating your Development project account',
      ]);
      expect((await jobsTo(ctx, 'restart@example.com')).map((j) => j.attempts)).toEqual([1, 1]);
    } finally {
      await next.close();
    }
  });

  it('a job whose process died while sending is taken over once its claim lapses, and sent once', async () => {
    const hung: OutgoingEmail[] = [];
    const dying = anotherProcess(ctx, {
      // The transport never answers: the process is killed in the middle of the send.
      mailer: { send: (message) => new Promise(() => void hung.push(message)) },
      delivery: { pollIntervalMs: 3_600_000, stopGraceMs: 10 },
    });
    await dying.ready();
    expect((await requestMagicLink(ctx, 'died@example.com', {}, ctx.dev.public_token)).statusCode).toBe(200);
    dying.deliveries.notify();
    await vi.waitFor(() => expect(hung).toHaveLength(1), { timeout: 15_000, interval: 20 });
    await dying.close();
    expect(await jobsTo(ctx, 'died@example.com')).toMatchObject([{ state: 'running', attempts: 1 }]);

    // Another process does not take it while the claim holds…
    ctx.clock.advance(DELIVERY_CLAIM_MS - 1_000);
    const next = anotherProcess(ctx, { delivery: { autoStart: false } });
    try {
      // Ready, as a process is before it delivers: the features add their job handlers while the app loads.
      await next.ready();
      await expect(next.deliveries.drain({ timeoutMs: 200 })).rejects.toThrow(/did not drain/);
      expect(await countRowsMatching(ctx, 'outbox_messages', { to_address: 'died@example.com' })).toBe(0);
      // …and does once it lapsed: a fresh link (the unsent one was never seen), sent once.
      ctx.clock.advance(2_000);
      await next.deliveries.drain();
      await next.deliveries.drain();
      const [message, ...more] = await outboxFor(ctx, 'died@example.com');
      expect(more).toEqual([]);
      expect(await jobsTo(ctx, 'died@example.com')).toMatchObject([{ state: 'done', attempts: 2 }]);
      const response = await authenticateMagicLink(ctx, tokenFromText(message?.text as string));
      expect(response.statusCode).toBe(200);
    } finally {
      await next.close();
    }
  });

  it('finished jobs are deleted a day later', async () => {
    expect((await requestMagicLink(ctx, 'sweep@example.com')).statusCode).toBe(200);
    await drainDeliveries(ctx);
    expect(await jobsTo(ctx, 'sweep@example.com')).toHaveLength(1);
    ctx.clock.advance(25 * 60 * 60_000);
    await drainDeliveries(ctx);
    expect(await jobsTo(ctx, 'sweep@example.com')).toEqual([]);
  });
});

describe('transport failures', () => {
  const logged: string[] = [];
  const handed: OutgoingEmail[] = [];
  let failures = 0;
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  const ctx = useTestContext({
    logger: createProviderLogger({ level: 'trace', destination }),
    mailer: {
      async send(message) {
        handed.push(message);
        if (failures > 0) {
          failures -= 1;
          throw new MailDeliveryError('the SMTP server did not accept the message', {
            cause: Object.assign(new Error(`550 rejected: ${message.text}`), { code: 'EENVELOPE' }),
          });
        }
      },
    },
  });

  const links = (email: string) =>
    ctx.db.selectFrom('magic_links').select(['revoked_at', 'used_at']).where('email', '=', email).execute();

  it('a failed send is retried after 5 s with a fresh link; the unsent one is revoked (SECURITY J6)', async () => {
    failures = 1;
    handed.length = 0;
    expect((await requestMagicLink(ctx, 'flaky@example.com')).statusCode).toBe(200);
    await drainDeliveries(ctx);
    expect(handed).toHaveLength(1);
    expect(await jobsTo(ctx, 'flaky@example.com')).toMatchObject([{ state: 'pending', attempts: 1 }]);
    expect(await links('flaky@example.com')).toMatchObject([{ revoked_at: expect.any(Date) }]);

    ctx.clock.advance(4_999);
    await drainDeliveries(ctx);
    expect(handed).toHaveLength(1);
    ctx.clock.advance(1);
    await drainDeliveries(ctx);
    expect(handed).toHaveLength(2);
    expect(await jobsTo(ctx, 'flaky@example.com')).toMatchObject([{ state: 'done', attempts: 2 }]);
    const response = await authenticateMagicLink(ctx, tokenFromText(handed[1]?.text as string));
    expect(response.statusCode).toBe(200);
    expect((await authenticateMagicLink(ctx, tokenFromText(handed[0]?.text as string))).statusCode).toBe(401);
  });

  it(`is given up after ${MAX_DELIVERY_ATTEMPTS} attempts with an error line that names no secret`, async () => {
    failures = 100;
    handed.length = 0;
    logged.length = 0;
    expect((await requestMagicLink(ctx, 'down@example.com')).statusCode).toBe(200);
    const waits = [];
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt += 1) {
      await drainDeliveries(ctx);
      const [job] = await jobsTo(ctx, 'down@example.com');
      waits.push(
        job?.state === 'pending' ? (job.run_at.getTime() - ctx.clock.now().getTime()) / 1000 : job?.state,
      );
      if (job?.state === 'pending') ctx.clock.set(job.run_at);
    }
    expect(waits).toEqual([5, 30, 120, 600, 'failed']);
    expect(handed).toHaveLength(MAX_DELIVERY_ATTEMPTS);
    // Every link issued for the failed attempts is revoked.
    const rows = await links('down@example.com');
    expect(rows).toHaveLength(MAX_DELIVERY_ATTEMPTS);
    for (const row of rows) expect(row.revoked_at).not.toBeNull();

    const lines = logged.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((l) => l.msg === 'message not delivered; will retry')).toHaveLength(
      MAX_DELIVERY_ATTEMPTS - 1,
    );
    expect(lines.filter((l) => l.msg === 'gave up delivering a message')).toEqual([
      expect.objectContaining({
        level: 50,
        kind: 'magic_link',
        to: 'down@example.com',
        attempts: MAX_DELIVERY_ATTEMPTS,
        error: 'MailDeliveryError',
        error_code: 'EENVELOPE',
      }),
    ]);
    const log = logged.join('');
    for (const message of handed) expect(log).not.toContain(tokenFromText(message.text));
  });

  it('a job not delivered within 30 minutes of the request is given up', async () => {
    failures = 0;
    handed.length = 0;
    expect((await requestMagicLink(ctx, 'late@example.com')).statusCode).toBe(200);
    ctx.clock.advance(31 * 60_000);
    await drainDeliveries(ctx);
    expect(handed).toEqual([]);
    expect(await jobsTo(ctx, 'late@example.com')).toMatchObject([{ state: 'failed', attempts: 1 }]);
  });
});

describe('the worker of a running process', () => {
  const ctx = useTestContext({ delivery: { pollIntervalMs: 3_600_000 } });

  it('delivers as soon as the answer is out, without waiting for its poll', async () => {
    expect((await requestMagicLink(ctx, 'prompt@example.com')).statusCode).toBe(200);
    await vi.waitFor(
      async () =>
        expect(await countRowsMatching(ctx, 'outbox_messages', { to_address: 'prompt@example.com' })).toBe(1),
      { timeout: 15_000, interval: 20 },
    );
  });
});

describe('one recipient, several jobs', () => {
  const ctx = useTestContext();

  it('a job is not claimed while an older one to the same recipient is open (B6 holds for what arrives)', async () => {
    const now = ctx.clock.now();
    const job = (id: string, recipient: string) => ({
      id,
      kind: 'test',
      project_id: ctx.dev.project_id,
      recipient,
      params: '{}',
      state: 'pending' as const,
      run_at: now,
      locked_until: null,
      created_at: now,
      finished_at: null,
    });
    await insertDeliveryJob(ctx.db, job('fifo-1', 'fifo@example.com'));
    await insertDeliveryJob(ctx.db, job('fifo-2', 'fifo@example.com'));
    await insertDeliveryJob(ctx.db, job('fifo-3', 'other@example.com'));
    const until = new Date(now.getTime() + DELIVERY_CLAIM_MS);
    const first = await claimDeliveryJob(ctx.db, now, until);
    const second = await claimDeliveryJob(ctx.db, now, until);
    expect([first?.id, second?.id]).toEqual(['fifo-1', 'fifo-3']);
    expect(await claimDeliveryJob(ctx.db, now, until)).toBeUndefined();
    await completeDeliveryJob(ctx.db, first as NonNullable<typeof first>, now);
    expect((await claimDeliveryJob(ctx.db, now, until))?.id).toBe('fifo-2');
  });
});

describe.skipIf(!testDatabaseUrl)('two processes on one PostgreSQL', () => {
  const ctx = useTestContext();

  it('claim each job exactly once, however they race', async () => {
    const second = await connectDatabase({ kind: 'postgres', url: ctx.database.url as string, poolSize: 10 });
    try {
      const now = ctx.clock.now();
      for (let i = 0; i < 60; i += 1) {
        await insertDeliveryJob(ctx.db, {
          id: `race-${i}`,
          kind: 'test',
          project_id: ctx.dev.project_id,
          recipient: `race-${i}@example.com`,
          params: '{}',
          state: 'pending',
          run_at: now,
          locked_until: null,
          created_at: now,
          finished_at: null,
        });
      }
      const until = new Date(now.getTime() + DELIVERY_CLAIM_MS);
      const claimer = async (db: Db) => {
        const ids: string[] = [];
        for (
          let job = await claimDeliveryJob(db, now, until);
          job;
          job = await claimDeliveryJob(db, now, until)
        )
          ids.push(job.id);
        return ids;
      };
      const claimed = (
        await Promise.all([...Array(8)].map((_, i) => claimer(i % 2 ? second.db : ctx.db)))
      ).flat();
      expect(claimed).toHaveLength(60);
      expect(new Set(claimed).size).toBe(60);
      await ctx.db.deleteFrom('delivery_jobs').where('kind', '=', 'test').execute();
    } finally {
      await second.close();
    }
  });

  it('deliver each message exactly once when both are running', async () => {
    // Two running processes, each with its own pool, polling often; sends go through both.
    const pools = await Promise.all(
      [0, 1].map(() => connectDatabase({ kind: 'postgres', url: ctx.database.url as string, poolSize: 10 })),
    );
    const processes = pools.map((pool) =>
      anotherProcess(ctx, { db: pool.db, delivery: { pollIntervalMs: 50 } }),
    );
    try {
      await Promise.all(processes.map((app) => app.ready()));
      const sends = [...Array(40)].map((_, i) =>
        requestMagicLink(
          { ...ctx, app: processes[i % 2] as TestContext['app'] },
          `both-${i % 20}@example.com`,
        ),
      );
      expect((await Promise.all(sends)).map((r) => r.statusCode)).toEqual(Array(40).fill(200));
      await drainDeliveries(ctx);
      const jobs = await ctx.db
        .selectFrom('delivery_jobs')
        .select(['state', 'attempts'])
        .where('recipient', 'like', 'both-%')
        .execute();
      expect(jobs).toHaveLength(40);
      for (const job of jobs) expect(job).toEqual({ state: 'done', attempts: 1 });
      const messages = await ctx.db
        .selectFrom('outbox_messages')
        .select('to_address')
        .where('to_address', 'like', 'both-%')
        .execute();
      expect(messages).toHaveLength(40);
    } finally {
      await Promise.all(processes.map((app) => app.close()));
      await Promise.all(pools.map((pool) => pool.close()));
    }
  });
});
