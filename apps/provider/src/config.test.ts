/** Environment → ProviderConfig. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, findRepoRoot, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults: development, 127.0.0.1:4000, .data at the repo root, PGlite, dev outbox', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      mode: 'development',
      host: '127.0.0.1',
      port: 4000,
      databaseUrl: undefined,
      smtpUrl: undefined,
      issuer: 'stytch.com',
      publicUrl: 'http://localhost:4000',
    });
    expect(config.dataDir).toBe(join(findRepoRoot(), '.data'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '4555',
      LATCHKEY_DATA_DIR: '/tmp/lk',
      DATABASE_URL: 'postgres://u@h/db',
      SMTP_URL: 'smtp://mail:25',
      LATCHKEY_ISSUER: 'auth.example.com/',
      LATCHKEY_PUBLIC_URL: 'https://auth.example.com/',
      LATCHKEY_MAIL_FROM: 'A <a@example.com>',
      LATCHKEY_KEY_ENCRYPTION_SECRET: 's'.repeat(32),
      LATCHKEY_TRUSTED_PROXIES: '127.0.0.1',
      LATCHKEY_FORWARDED_HEADER: 'Forwarded',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      mode: 'production',
      port: 4555,
      dataDir: '/tmp/lk',
      databaseUrl: 'postgres://u@h/db',
      smtpUrl: 'smtp://mail:25',
      issuer: 'auth.example.com',
      publicUrl: 'https://auth.example.com',
      mailFrom: 'A <a@example.com>',
      keyEncryptionSecret: 's'.repeat(32),
      clientAddress: { trustedProxies: { kind: 'addresses' }, header: 'forwarded' },
      logLevel: 'warn',
    });
  });

  it('reads LATCHKEY_DATABASE_DIRECT_URL, which defaults to DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/x' }).databaseDirectUrl).toBe('postgres://u@db/x');
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://u@bouncer/x',
        LATCHKEY_DATABASE_DIRECT_URL: 'postgres://u@db/x',
      }),
    ).toMatchObject({ databaseUrl: 'postgres://u@bouncer/x', databaseDirectUrl: 'postgres://u@db/x' });
    expect(loadConfig({}).databaseDirectUrl).toBeUndefined();
  });

  it('refuses production without SMTP_URL, but lets the CLI through', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production' }, { requireTransports: false }).mode).toBe('production');
  });

  it.each([
    [{ PORT: 'abc' }],
    [{ PORT: '70000' }],
    [{ DATABASE_URL: 'mysql://x' }],
    [{ LATCHKEY_DATABASE_DIRECT_URL: 'postgres://u@db/x' }],
    [{ DATABASE_URL: 'postgres://u@bouncer/x', LATCHKEY_DATABASE_DIRECT_URL: 'mysql://x' }],
    [{ SMTP_URL: 'http://x' }],
  ])('rejects %j', (env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
  });

  it('reads no send-limit overrides by default, and every LATCHKEY_SEND_LIMIT_* when set', () => {
    expect(loadConfig({}).sendLimitOverrides).toEqual({});
    expect(
      loadConfig({
        LATCHKEY_SEND_LIMIT_INTERVAL_SECONDS: '0',
        LATCHKEY_SEND_LIMIT_PER_WINDOW: '100',
        LATCHKEY_SEND_LIMIT_WINDOW_SECONDS: '60',
        LATCHKEY_SEND_LIMIT_PER_IP: '1000',
        LATCHKEY_SEND_LIMIT_IP_WINDOW_SECONDS: '120',
        LATCHKEY_SEND_LIMIT_PER_PROJECT: '5000',
        LATCHKEY_SEND_LIMIT_PROJECT_WINDOW_SECONDS: '600',
      }).sendLimitOverrides,
    ).toEqual({
      recipientIntervalSeconds: 0,
      recipientPerWindow: 100,
      recipientWindowSeconds: 60,
      ipPerWindow: 1000,
      ipWindowSeconds: 120,
      projectPerWindow: 5000,
      projectWindowSeconds: 600,
    });
  });

  it.each([
    [{ LATCHKEY_SEND_LIMIT_INTERVAL_SECONDS: '-1' }],
    [{ LATCHKEY_SEND_LIMIT_INTERVAL_SECONDS: '1.5' }],
    [{ LATCHKEY_SEND_LIMIT_PER_WINDOW: 'lots' }],
    [{ LATCHKEY_SEND_LIMIT_WINDOW_SECONDS: '0' }],
    [{ LATCHKEY_SEND_LIMIT_IP_WINDOW_SECONDS: '999999999' }],
  ])('rejects send limit %j', (env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
  });

  it('reads LATCHKEY_REQUEST_LOG: every request in development, debug in production by default (issue 18)', () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail:25',
      LATCHKEY_PUBLIC_URL: 'https://auth.example.com',
      LATCHKEY_KEY_ENCRYPTION_SECRET: 's'.repeat(32),
    };
    expect(loadConfig({}).requestLog).toEqual({ kind: 'every' });
    expect(loadConfig(production).requestLog).toEqual({ kind: 'debug' });
    expect(loadConfig({ ...production, LATCHKEY_REQUEST_LOG: 'info' }).requestLog).toEqual({ kind: 'every' });
    expect(loadConfig({ ...production, LATCHKEY_REQUEST_LOG: '0.05' }).requestLog).toEqual({
      kind: 'sampled',
      rate: 0.05,
    });
    expect(() => loadConfig({ LATCHKEY_REQUEST_LOG: 'verbose' })).toThrow(/LATCHKEY_REQUEST_LOG/);
  });

  it('reads LATCHKEY_AUDIT_RETENTION_DAYS as whole days from 1 to 3650, a year by default (issue 20)', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(365);
    expect(loadConfig({ LATCHKEY_AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    for (const bad of ['0', '3651', '1.5', 'forever']) {
      expect(() => loadConfig({ LATCHKEY_AUDIT_RETENTION_DAYS: bad }), bad).toThrow(
        /LATCHKEY_AUDIT_RETENTION_DAYS/,
      );
    }
  });

  it('reads the breached-password range API only as an http(s) URL', () => {
    expect(loadConfig({}).breachedPasswordsRangeUrl).toBeUndefined();
    const url = 'https://api.pwnedpasswords.com/range/';
    expect(loadConfig({ LATCHKEY_BREACHED_PASSWORDS_RANGE_URL: url }).breachedPasswordsRangeUrl).toBe(url);
    expect(() => loadConfig({ LATCHKEY_BREACHED_PASSWORDS_RANGE_URL: 'ftp://x/range/' })).toThrow(
      ConfigError,
    );
  });

  it('reads LATCHKEY_ETHEREUM_RPC_URLS as chain id → http(s) URL, empty by default', () => {
    expect(loadConfig({}).ethereumRpcUrls.size).toBe(0);
    expect(loadConfig({ LATCHKEY_ETHEREUM_RPC_URLS: ' ' }).ethereumRpcUrls.size).toBe(0);
    const urls = loadConfig({
      LATCHKEY_ETHEREUM_RPC_URLS: '1=https://eth.example.com/v2/key, 8453=http://127.0.0.1:8545',
    }).ethereumRpcUrls;
    expect([...urls]).toEqual([
      [1, 'https://eth.example.com/v2/key'],
      [8453, 'http://127.0.0.1:8545'],
    ]);
  });

  it.each([
    'https://eth.example.com/v2/SECRET',
    '1=',
    '0=https://eth.example.com/v2/SECRET',
    'x=https://eth.example.com/v2/SECRET',
    '1=ftp://eth.example.com/v2/SECRET',
    '1=https://a.example.com/v2/SECRET,',
    '1=https://a.example.com/v2/SECRET,1=https://b.example.com/v2/SECRET',
    '99999999999999999=https://eth.example.com/v2/SECRET',
  ])('rejects LATCHKEY_ETHEREUM_RPC_URLS=%j without printing the URL', (value) => {
    expect(() => loadConfig({ LATCHKEY_ETHEREUM_RPC_URLS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ LATCHKEY_ETHEREUM_RPC_URLS: value })).not.toThrow(/SECRET/);
  });

  it('reads the reCAPTCHA assessment URL and API key together; unset by default', () => {
    expect(loadConfig({}).recaptcha).toBeUndefined();
    const assessmentUrl = 'https://recaptchaenterprise.googleapis.com/v1/projects/demo/assessments';
    expect(
      loadConfig({ LATCHKEY_RECAPTCHA_ASSESSMENT_URL: assessmentUrl, LATCHKEY_RECAPTCHA_API_KEY: ' k1 ' })
        .recaptcha,
    ).toEqual({ assessmentUrl, apiKey: 'k1' });
    // Plain http only on this machine (a local stand-in for Google in tests).
    expect(
      loadConfig({
        LATCHKEY_RECAPTCHA_ASSESSMENT_URL: 'http://127.0.0.1:9/assessments',
        LATCHKEY_RECAPTCHA_API_KEY: 'k1',
      }).recaptcha?.assessmentUrl,
    ).toBe('http://127.0.0.1:9/assessments');
  });

  const key = { LATCHKEY_RECAPTCHA_API_KEY: 'SECRETKEY' };
  it.each([
    [key],
    [{ LATCHKEY_RECAPTCHA_ASSESSMENT_URL: 'https://recaptcha.example/assessments' }],
    [{ ...key, LATCHKEY_RECAPTCHA_ASSESSMENT_URL: 'http://recaptcha.example/assessments' }],
    [{ ...key, LATCHKEY_RECAPTCHA_ASSESSMENT_URL: 'ftp://127.0.0.1/assessments' }],
    [{ ...key, LATCHKEY_RECAPTCHA_ASSESSMENT_URL: 'recaptcha.example/assessments' }],
    [{ ...key, LATCHKEY_RECAPTCHA_ASSESSMENT_URL: 'https://user:pw@recaptcha.example/assessments' }],
  ])('rejects reCAPTCHA settings %j without printing the key', (env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).not.toThrow(/SECRETKEY/);
  });

  it('reads the client address from the socket alone by default (issue 16)', () => {
    expect(loadConfig({}).clientAddress).toEqual({
      trustedProxies: { kind: 'none' },
      header: 'x-forwarded-for',
    });
    expect(loadConfig({ LATCHKEY_TRUSTED_PROXIES: '2' }).clientAddress).toEqual({
      trustedProxies: { kind: 'hops', hops: 2 },
      header: 'x-forwarded-for',
    });
  });

  it.each(['true', '1', 'false'])(
    'refuses the removed LATCHKEY_TRUST_PROXY=%s, naming LATCHKEY_TRUSTED_PROXIES (issue 16)',
    (value) => {
      expect(() => loadConfig({ LATCHKEY_TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ LATCHKEY_TRUST_PROXY: value })).toThrow(/LATCHKEY_TRUSTED_PROXIES/);
    },
  );

  it.each([
    [{ LATCHKEY_TRUSTED_PROXIES: '10.0.0.0/33' }],
    [{ LATCHKEY_TRUSTED_PROXIES: '0.0.0.0/0' }],
    [{ LATCHKEY_TRUSTED_PROXIES: 'proxy.example.com' }],
    [{ LATCHKEY_TRUSTED_PROXIES: '127.0.0.1', LATCHKEY_FORWARDED_HEADER: 'x-real-ip' }],
    [{ LATCHKEY_FORWARDED_HEADER: 'forwarded' }],
  ])('rejects client-address settings %j', (env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
  });

  it('finds the repo root from the package directory', () => {
    expect(existsSync(join(findRepoRoot(), 'apps', 'provider', 'package.json'))).toBe(true);
  });
});
