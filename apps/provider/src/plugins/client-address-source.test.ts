/**
 * Issue 16: one place decides a client's address. Fastify's `request.ip` (and `ips`, `hostname`,
 * `protocol`, which read forwarded headers once `trustProxy` is on) and the raw socket address are
 * read nowhere else in the provider, so a new limit cannot count a client-written header again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const SOURCE = fileURLToPath(new URL('..', import.meta.url));
/** The one module that reads the socket's address. */
const RESOLVER = join('plugins', 'client-address.ts');

const FORBIDDEN = [
  /\b(?:request|req)\s*\.\s*(?:ips?|hostname|host|protocol)\b/,
  /\bremoteAddress\b/,
  /\btrustProxy\s*:(?!\s*false\b)/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function offences(text: string): string[] {
  return text.split('\n').filter((line) => FORBIDDEN.some((pattern) => pattern.test(line)));
}

it('catches what it looks for', () => {
  expect(
    offences('  ip_address: request.ip,\n  x(req.ips);\n  trustProxy: true,\n  request.hostname'),
  ).toHaveLength(4);
  expect(offences('  ip_address: request.clientIp,\n  trustProxy: false,')).toEqual([]);
});

it('nothing in the provider reads request.ip, the socket address or forwarded headers but plugins/client-address.ts', () => {
  const found = sourceFiles(SOURCE)
    .filter((file) => relative(SOURCE, file) !== RESOLVER)
    .flatMap((file) =>
      offences(readFileSync(file, 'utf8')).map((line) => `${relative(SOURCE, file)}: ${line.trim()}`),
    );
  expect(found).toEqual([]);
});
