/** Issue 23: latchkey.config.json as an alternative to environment variables, validated, with the environment winning. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dir = mkdtempSync(join(tmpdir(), 'latchkey-config-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** Writes `content` (JSON unless a string) to a new file; returns its path. */
function configFile(content: unknown): string {
  files += 1;
  const path = join(dir, `config-${files}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted it');
}

const PRODUCTION_FILE = {
  mode: 'production',
  host: '0.0.0.0',
  port: 4300,
  publicUrl: 'https://auth.example.com',
  keyEncryptionSecret: 'k'.repeat(44),
  database: {
    url: 'postgres://latchkey@bouncer/latchkey',
    directUrl: 'postgres://latchkey@db/latchkey',
    poolSize: 8,
  },
  email: { smtpUrl: 'smtp://mail.example.com:587', from: 'Example <auth@example.com>' },
  proxies: { trusted: ['10.0.0.0/8', '127.0.0.1'], forwardedHeader: 'x-forwarded-for' },
  ethereumRpcUrls: { '1': 'https://rpc.example.com' },
  shutdown: { drainSeconds: 5, graceSeconds: 20 },
  metrics: { port: 9464, host: '10.0.0.5' },
  retention: { intervalMinutes: 30, sessionsDays: 14, tokensHours: 48, sdkEventsDays: 60, outboxDays: 3 },
};

describe('latchkey.config.json', () => {
  it('reads every setting from the file LATCHKEY_CONFIG names, production guards included', () => {
    const config = loadConfig({ LATCHKEY_CONFIG: configFile(PRODUCTION_FILE) });
    expect(config).toMatchObject({
      mode: 'production',
      host: '0.0.0.0',
      port: 4300,
      publicUrl: 'https://auth.example.com',
      databaseUrl: 'postgres://latchkey@bouncer/latchkey',
      databaseDirectUrl: 'postgres://latchkey@db/latchkey',
      databasePoolSize: 8,
      smtpUrl: 'smtp://mail.example.com:587',
      mailFrom: 'Example <auth@example.com>',
      clientAddress: { trustedProxies: { kind: 'addresses' }, header: 'x-forwarded-for' },
      shutdownDrainSeconds: 5,
      shutdownGraceSeconds: 20,
      metrics: { port: 9464, host: '10.0.0.5' },
      retention: { intervalMinutes: 30, sessionsDays: 14, tokensHours: 48, sdkEventsDays: 60, outboxDays: 3 },
    });
    expect(config.keyEncryptionSecret).toHaveLength(44);
    expect([...config.ethereumRpcUrls]).toEqual([[1, 'https://rpc.example.com']]);
  });

  it('finds latchkey.config.json in the working directory; without one, reads the environment alone', () => {
    const cwd = mkdtempSync(join(dir, 'cwd-'));
    expect(loadConfig({}, { cwd }).port).toBe(4000);
    writeFileSync(join(cwd, 'latchkey.config.json'), JSON.stringify({ port: 4400 }));
    expect(loadConfig({}, { cwd }).port).toBe(4400);
  });

  it('lets a set environment variable win over the file, and an empty one not', () => {
    const path = configFile({ port: 4300, publicUrl: 'http://localhost:4300' });
    expect(loadConfig({ LATCHKEY_CONFIG: path, PORT: '4500' })).toMatchObject({
      port: 4500,
      publicUrl: 'http://localhost:4300',
    });
    expect(loadConfig({ LATCHKEY_CONFIG: path, PORT: '' }).port).toBe(4300);
  });

  it('refuses unknown keys, naming each by its path', () => {
    const message = refusal(() =>
      loadConfig({ LATCHKEY_CONFIG: configFile({ prot: 1, email: { smtpURL: 'smtp://x' }, database: {} }) }),
    );
    expect(message).toContain('unknown key /prot');
    expect(message).toContain('unknown key /email/smtpURL');
  });

  it('refuses values of the wrong type, naming the path', () => {
    expect(refusal(() => loadConfig({ LATCHKEY_CONFIG: configFile({ port: '4000' }) }))).toMatch(
      /\/port .*integer/,
    );
    expect(
      refusal(() => loadConfig({ LATCHKEY_CONFIG: configFile({ shutdown: { graceSeconds: 0 } }) })),
    ).toMatch(/\/shutdown\/graceSeconds must be >= 1/);
    expect(refusal(() => loadConfig({ LATCHKEY_CONFIG: configFile({ mode: 'staging' }) }))).toContain(
      '/mode',
    );
  });

  it('checks values with the same rules as the variables, and says where in the file the bad one is', () => {
    const path = configFile({ email: { smtpUrl: 'http://mail.example.com' } });
    expect(refusal(() => loadConfig({ LATCHKEY_CONFIG: path }))).toBe(
      `SMTP_URL must start with smtp:// or smtps:// (SMTP_URL is /email/smtpUrl in ${path})`,
    );
    const production = configFile({ ...PRODUCTION_FILE, publicUrl: 'http://auth.example.com' });
    expect(refusal(() => loadConfig({ LATCHKEY_CONFIG: production }))).toMatch(
      /LATCHKEY_PUBLIC_URL must be the https:\/\/ address[\s\S]*LATCHKEY_PUBLIC_URL is \/publicUrl in /,
    );
  });

  it('refuses a named file that is missing or not JSON', () => {
    expect(refusal(() => loadConfig({ LATCHKEY_CONFIG: join(dir, 'absent.json') }))).toMatch(
      /absent\.json cannot be read \(LATCHKEY_CONFIG\)/,
    );
    expect(refusal(() => loadConfig({ LATCHKEY_CONFIG: configFile('{ "port": 4000, }') }))).toMatch(
      /is not JSON/,
    );
  });
});
