/** Issue 23: NODE_ENV=production refuses to start without what a deployment needs, naming each variable. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { isLoopbackHost } from './production-guards.js';

/** Everything production asks for, on loopback behind nothing. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example.com:587',
  LATCHKEY_PUBLIC_URL: 'https://auth.example.com',
  LATCHKEY_KEY_ENCRYPTION_SECRET: 'k'.repeat(44),
} as const;

/** The refusal's message, or a failure when it starts. */
function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('production guards', () => {
  it('starts with every requirement met', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({
      mode: 'production',
      publicUrl: 'https://auth.example.com',
    });
  });

  it('refuses an unset LATCHKEY_PUBLIC_URL, saying what to set', () => {
    const message = refusal({ ...PRODUCTION, LATCHKEY_PUBLIC_URL: undefined });
    expect(message).toMatch(/LATCHKEY_PUBLIC_URL must be the https:\/\/ address .* it is unset/);
    expect(message).not.toMatch(/SMTP_URL|LATCHKEY_KEY_ENCRYPTION_SECRET|TRUSTED_PROXIES/);
  });

  it('refuses an http:// LATCHKEY_PUBLIC_URL', () => {
    expect(refusal({ ...PRODUCTION, LATCHKEY_PUBLIC_URL: 'http://auth.example.com' })).toMatch(
      /LATCHKEY_PUBLIC_URL must be the https:\/\/ address .*got "http:\/\/auth\.example\.com"/,
    );
  });

  it('refuses an unset LATCHKEY_KEY_ENCRYPTION_SECRET, and one shorter than 32 characters', () => {
    expect(refusal({ ...PRODUCTION, LATCHKEY_KEY_ENCRYPTION_SECRET: undefined })).toMatch(
      /LATCHKEY_KEY_ENCRYPTION_SECRET is unset: set it to a random secret .*openssl rand -base64 32.* sealed/,
    );
    expect(refusal({ ...PRODUCTION, LATCHKEY_KEY_ENCRYPTION_SECRET: 'k'.repeat(31) })).toMatch(
      /LATCHKEY_KEY_ENCRYPTION_SECRET must be at least 32 characters/,
    );
  });

  it('refuses an unset SMTP_URL', () => {
    expect(refusal({ ...PRODUCTION, SMTP_URL: undefined })).toMatch(/SMTP_URL is required .* smtp:\/\//);
  });

  it('refuses to listen beyond loopback without LATCHKEY_TRUSTED_PROXIES; 0 or a proxy list lets it', () => {
    expect(refusal({ ...PRODUCTION, HOST: '0.0.0.0' })).toMatch(
      /HOST=0\.0\.0\.0 listens beyond loopback, so LATCHKEY_TRUSTED_PROXIES must say .*or 0 if clients connect to the provider directly/,
    );
    expect(loadConfig({ ...PRODUCTION, HOST: '0.0.0.0', LATCHKEY_TRUSTED_PROXIES: '10.0.0.0/8' }).host).toBe(
      '0.0.0.0',
    );
    expect(
      loadConfig({ ...PRODUCTION, HOST: '::', LATCHKEY_TRUSTED_PROXIES: '0' }).clientAddress.trustedProxies
        .kind,
    ).toBe('none');
    // Loopback needs no setting: only this machine (a local proxy) can connect.
    expect(loadConfig({ ...PRODUCTION, HOST: '::1' }).host).toBe('::1');
  });

  it('names every missing requirement in one refusal', () => {
    const message = refusal({ NODE_ENV: 'production', HOST: '192.0.2.10' });
    for (const name of [
      'LATCHKEY_PUBLIC_URL',
      'LATCHKEY_KEY_ENCRYPTION_SECRET',
      'SMTP_URL',
      'LATCHKEY_TRUSTED_PROXIES',
    ])
      expect(message).toContain(name);
  });

  it('leaves development and the CLI alone', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).mode).toBe('development');
    expect(loadConfig({ NODE_ENV: 'production' }, { requireTransports: false }).mode).toBe('production');
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.1.2.3', false],
    ['auth.internal', false],
  ])('counts %s as loopback: %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});
