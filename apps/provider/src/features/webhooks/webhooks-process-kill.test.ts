/**
 * At-least-once across a crash: a provider process killed with SIGKILL in the middle of a
 * delivery leaves its claim; the next process takes it over once it lapses and delivers the
 * event with the same id.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port.js';
import { STRONG_PASSWORD } from '../../../test/password-helpers.js';
import { type ProviderProcess, startProviderProcess } from '../../../test/provider-process.js';
import { basic, DEMO_ORIGIN } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from '../../../test/test-database.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.js';
import { readDevProjectFile } from '../projects/dev-project.js';

const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-webhook-kill-'));
let database: TestDatabase | undefined;
let receiver: WebhookReceiver | undefined;
let provider: ProviderProcess | undefined;

afterAll(async () => {
  await provider?.stop();
  await receiver?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Waits (bounded) until `condition` holds; the machine's speed decides only how long. */
async function until(condition: () => boolean, what: string, timeoutMs = 90_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}\n${provider?.output()}`);
    await sleep(50);
  }
}

it('a delivery cut off by kill -9 is delivered by the next process, with the same event id', async () => {
  // PostgreSQL: a fresh database of its own; PGlite: the data directory, as `npm start` keeps it.
  if (testDatabaseUrl) database = await createTestDatabase();
  const env = {
    PORT: String(await freePort()),
    LATCHKEY_DATA_DIR: dataDir,
    LATCHKEY_KEY_ENCRYPTION_SECRET: 'kill-test-key-encryption-secret-0123456789',
    // Short, so the test does not wait a minute; attempts are cut off at half of it (5 s, ample on a busy box).
    LATCHKEY_WEBHOOK_CLAIM_SECONDS: '10',
    LOG_LEVEL: 'warn',
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
  };
  receiver = await startWebhookReceiver();
  provider = await startProviderProcess(env);
  const dev = readDevProjectFile(dataDir);
  if (!dev) throw new Error('no development project file');

  const created = await fetch(`${provider.url}/v1/webhooks/endpoints`, {
    method: 'POST',
    headers: { authorization: basic(dev.project_id, dev.secret), 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiver.url, event_types: ['user.created'] }),
  });
  expect(created.status).toBe(200);
  const { endpoint, secret } = (await created.json()) as {
    endpoint: { endpoint_id: string };
    secret: string;
  };
  receiver.secret = secret;

  // The receiver takes the request and never answers: the delivery is in flight when the process dies.
  receiver.hang = true;
  const signUp = await fetch(`${provider.url}/sdk/v1/passwords`, {
    method: 'POST',
    headers: {
      authorization: basic(dev.public_token, dev.public_token),
      'content-type': 'application/json',
      origin: DEMO_ORIGIN,
    },
    body: JSON.stringify({ email: 'killed-mid-delivery@example.com', password: STRONG_PASSWORD }),
  });
  expect(signUp.status).toBe(200);
  await until(() => (receiver?.received.length ?? 0) >= 1, 'the first attempt to reach the receiver');
  await provider.kill();
  const [cut] = receiver.received;
  expect(cut?.verifyError).toBeUndefined();

  receiver.hang = false;
  receiver.received.length = 0;
  provider = await startProviderProcess(env);
  await until(() => (receiver?.received.length ?? 0) >= 1, 'the delivery after the restart');
  expect(receiver.received[0]?.id).toBe(cut?.id);
  expect(receiver.received[0]?.verifyError).toBeUndefined();
  expect(receiver.received[0]?.body).toBe(cut?.body);

  type Delivery = {
    event_id: string;
    state: string;
    attempts: Array<{ attempt: number; status_code: number }>;
  };
  const readLog = async (): Promise<Delivery[]> => {
    const log = await fetch(`${provider?.url}/v1/webhooks/endpoints/${endpoint.endpoint_id}/deliveries`, {
      headers: { authorization: basic(dev.project_id, dev.secret) },
    });
    return ((await log.json()) as { deliveries: Delivery[] }).deliveries;
  };
  // The receiver records a request as it arrives; the worker records the answer just after.
  let deliveries = await readLog();
  const deadline = performance.now() + 60_000;
  while (deliveries[0]?.state !== 'delivered' && performance.now() < deadline) {
    await sleep(100);
    deliveries = await readLog();
  }
  expect(deliveries).toHaveLength(1);
  expect(deliveries[0]).toMatchObject({ event_id: cut?.id, state: 'delivered' });
  // The killed attempt recorded nothing (it normally is attempt 1, unless its 5-second timeout beat the kill).
  const attempts = deliveries[0]?.attempts ?? [];
  expect(attempts.at(-1)).toMatchObject({ status_code: 200 });
  expect(attempts.at(-1)?.attempt).toBeGreaterThan(1);
}, 300_000);
