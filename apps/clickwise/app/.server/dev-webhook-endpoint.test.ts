/** In development Clickwise registers its own webhook endpoint at start, once, and keeps its secret private. */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LatchkeyServerClient } from '@latchkey/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureDevWebhookEndpoint } from './dev-webhook-endpoint.js';

const ORIGIN = 'http://localhost:3000';
const URL_ = `${ORIGIN}/webhooks/latchkey`;

/** A stand-in for the provider's endpoints of one project: what list, create and rotate do. */
function fakeProvider() {
  const endpoints: { endpoint_id: string; url: string; event_types: string[] }[] = [];
  let n = 0;
  const calls: string[] = [];
  const client = {
    webhookEndpoints: {
      async list() {
        calls.push('list');
        return endpoints.map((each) => ({ ...each }));
      },
      async create(fields: { url: string; event_types: string[] }) {
        calls.push('create');
        const endpoint = {
          endpoint_id: `webhook-endpoint-test-${++n}`,
          url: fields.url,
          event_types: fields.event_types,
        };
        endpoints.push(endpoint);
        return { endpoint, secret: `whsec_created${n}` };
      },
      async rotateSecret(endpointId: string) {
        calls.push('rotate');
        const endpoint = endpoints.find((each) => each.endpoint_id === endpointId);
        return { endpoint, secret: `whsec_rotated${++n}` };
      },
    },
  } as unknown as LatchkeyServerClient;
  return { client, endpoints, calls };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'clickwise-webhook-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('ensureDevWebhookEndpoint', () => {
  it('creates the endpoint (user.deleted) and keeps it with its secret in a 0600 file; the next start keeps it', async () => {
    const file = join(dir, 'clickwise-webhook.json');
    const provider = fakeProvider();
    expect(await ensureDevWebhookEndpoint(provider.client, { file, publicOrigin: ORIGIN })).toBe('created');
    expect(provider.endpoints).toEqual([
      { endpoint_id: 'webhook-endpoint-test-1', url: URL_, event_types: ['user.deleted'] },
    ]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      endpoint_id: 'webhook-endpoint-test-1',
      url: URL_,
      secret: 'whsec_created1',
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    expect(await ensureDevWebhookEndpoint(provider.client, { file, publicOrigin: ORIGIN })).toBe('kept');
    expect(provider.endpoints).toHaveLength(1);
  });

  it('rotates the secret of the endpoint already at its address when the file is missing (no second endpoint)', async () => {
    const provider = fakeProvider();
    await ensureDevWebhookEndpoint(provider.client, { file: join(dir, 'first.json'), publicOrigin: ORIGIN });
    const file = join(dir, 'clickwise-webhook.json');
    expect(await ensureDevWebhookEndpoint(provider.client, { file, publicOrigin: ORIGIN })).toBe('rotated');
    expect(provider.endpoints).toHaveLength(1);
    expect(JSON.parse(readFileSync(file, 'utf8')).secret).toBe('whsec_rotated2');
  });

  it('creates a new one when the file names an endpoint the provider no longer has, or another address', async () => {
    const file = join(dir, 'clickwise-webhook.json');
    const before = fakeProvider();
    await ensureDevWebhookEndpoint(before.client, { file, publicOrigin: ORIGIN });
    const freshDatabase = fakeProvider();
    expect(await ensureDevWebhookEndpoint(freshDatabase.client, { file, publicOrigin: ORIGIN })).toBe(
      'created',
    );
    expect(
      await ensureDevWebhookEndpoint(freshDatabase.client, { file, publicOrigin: 'http://localhost:3100' }),
    ).toBe('created');
    expect(freshDatabase.endpoints.map((each) => each.url)).toEqual([
      URL_,
      'http://localhost:3100/webhooks/latchkey',
    ]);
  });
});
