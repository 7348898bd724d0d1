/** Clickwise's settings: where it listens and the public origin every cookie and origin check follows. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config.js';
import { sessionCookieFor } from './site-sessions.js';

const load = (env: NodeJS.ProcessEnv) => configFromEnv(env, '/tmp/clickwise-config-test');

describe('configFromEnv', () => {
  it('listens on loopback, port 3000, public at http://localhost:3000 by default', () => {
    expect(load({})).toMatchObject({ host: '127.0.0.1', port: 3000, publicOrigin: 'http://localhost:3000' });
  });

  it('reads CLICKWISE_HOST, CLICKWISE_PORT (also in the default public URL) and CLICKWISE_PUBLIC_URL', () => {
    expect(load({ CLICKWISE_PORT: '3100' }).publicOrigin).toBe('http://localhost:3100');
    expect(
      load({
        CLICKWISE_HOST: '0.0.0.0',
        CLICKWISE_PORT: '8080',
        CLICKWISE_PUBLIC_URL: 'https://Clickwise.Example/',
      }),
    ).toMatchObject({ host: '0.0.0.0', port: 8080, publicOrigin: 'https://clickwise.example' });
  });

  it.each([
    { CLICKWISE_PUBLIC_URL: 'clickwise.example' },
    { CLICKWISE_PUBLIC_URL: 'ftp://clickwise.example' },
    { CLICKWISE_PUBLIC_URL: 'https://clickwise.example/site' },
    { CLICKWISE_PUBLIC_URL: 'https://clickwise.example/?x=1' },
    { CLICKWISE_PUBLIC_URL: 'https://user:pw@clickwise.example' },
    { CLICKWISE_PORT: 'eighty' },
    { CLICKWISE_PORT: '70000' },
  ])('refuses %j', (env) => {
    expect(() => load(env)).toThrow(/CLICKWISE_(PUBLIC_URL|PORT)/);
  });
});

describe('the Latchkey project', () => {
  const credentials = (n: number) => ({
    project_id: `project-test-${n}`,
    public_token: `public-token-test-${n}`,
    secret: `secret-test-${n}`,
  });

  it("is Clickwise's own development project, not the demo's (its emails say Clickwise)", () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'clickwise-config-'));
    try {
      writeFileSync(join(dataDir, 'dev-project.json'), JSON.stringify(credentials(1)));
      writeFileSync(join(dataDir, 'clickwise-project.json'), JSON.stringify(credentials(2)));
      expect(load({ LATCHKEY_DATA_DIR: dataDir }).project()).toEqual({
        projectId: 'project-test-2',
        publicToken: 'public-token-test-2',
        secret: 'secret-test-2',
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('says how to make it when only the development project exists', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'clickwise-config-'));
    try {
      writeFileSync(join(dataDir, 'dev-project.json'), JSON.stringify(credentials(1)));
      expect(() => load({ LATCHKEY_DATA_DIR: dataDir }).project()).toThrow(
        /npm start.*project create --dev clickwise --name Clickwise.*clickwise-project\.json/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is the one LATCHKEY_PROJECT_ID, LATCHKEY_PUBLIC_TOKEN and LATCHKEY_SECRET name, when set', () => {
    expect(
      load({ LATCHKEY_PROJECT_ID: 'p', LATCHKEY_PUBLIC_TOKEN: 't', LATCHKEY_SECRET: 's' }).project(),
    ).toEqual({ projectId: 'p', publicToken: 't', secret: 's' });
  });
});

describe('sessionCookieFor', () => {
  it('is __Host-clickwise_session, Secure, for an https public origin', () => {
    expect(sessionCookieFor('https://clickwise.example')).toEqual({
      name: '__Host-clickwise_session',
      secure: true,
    });
  });

  it('is clickwise_session without Secure over plain http (browsers refuse __Host- without Secure)', () => {
    expect(sessionCookieFor('http://localhost:3000')).toEqual({ name: 'clickwise_session', secure: false });
  });
});

describe('the webhook secret', () => {
  it('is CLICKWISE_WEBHOOK_SECRET when set (production): nothing is registered at start', () => {
    const config = load({ CLICKWISE_WEBHOOK_SECRET: ' whsec_abc ' });
    expect(config.webhookSecret()).toBe('whsec_abc');
    expect(config.devWebhookFile).toBeNull();
  });

  it('with a project from the environment and no secret, is missing (the route answers 503)', () => {
    const config = load({ LATCHKEY_PROJECT_ID: 'p', LATCHKEY_PUBLIC_TOKEN: 't', LATCHKEY_SECRET: 's' });
    expect(config.webhookSecret()).toBeNull();
    expect(config.devWebhookFile).toBeNull();
  });

  it('in development, is read from clickwise-webhook.json beside the project file, once it is written', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'clickwise-config-'));
    try {
      const config = load({ LATCHKEY_DATA_DIR: dataDir });
      expect(config.devWebhookFile).toBe(join(dataDir, 'clickwise-webhook.json'));
      expect(config.webhookSecret()).toBeNull();
      writeFileSync(join(dataDir, 'clickwise-webhook.json'), JSON.stringify({ secret: 'whsec_dev' }));
      expect(config.webhookSecret()).toBe('whsec_dev');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
