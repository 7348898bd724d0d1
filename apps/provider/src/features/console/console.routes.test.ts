/** Serving the console: hashed assets cached for good, the page never, deep links reload, a strict CSP, nothing else read from disk. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleRoutes } from './console.routes.js';
import { readConsoleFiles } from './console-files.js';
import { CONSOLE_CSP } from './console-policy.js';

const dir = mkdtempSync(join(tmpdir(), 'latchkey-console-build-'));
mkdirSync(join(dir, 'assets'));
writeFileSync(
  join(dir, 'index.html'),
  '<!doctype html><script type="module" src="/console/assets/index-abc.js"></script>',
);
writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
writeFileSync(join(dir, 'secret.txt'), 'not served');
const files = readConsoleFiles(dir);
const app = Fastify();
if (files) app.register(consoleRoutes, { files });
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the console', () => {
  it('answers its page for every address below /console/, never cached, with a strict CSP', async () => {
    for (const url of ['/console/', '/console/projects/project-test-1/keys', '/console/invite']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toBe(CONSOLE_CSP);
      expect(page.body).toContain('/console/assets/index-abc.js');
    }
    expect(CONSOLE_CSP).toContain("script-src 'self'");
    expect(CONSOLE_CSP).toContain("frame-ancestors 'none'");
    const bare = await app.inject({ method: 'GET', url: '/console' });
    expect([bare.statusCode, bare.headers.location]).toEqual([308, '/console/']);
  });

  it('serves the hashed assets for a year and nothing else from the folder', async () => {
    const asset = await app.inject({ method: 'GET', url: '/console/assets/index-abc.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    for (const url of [
      '/console/assets/missing.js',
      '/console/assets/..%2Fsecret.txt',
      '/console/assets/%2e%2e%2findex.html',
    ])
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/console/secret.txt' })).body).not.toContain(
      'not served',
    );
  });

  it('is not served when there is no build', () => {
    expect(readConsoleFiles(join(dir, 'nowhere'))).toBeUndefined();
  });
});
