/**
 * The shipped bundle (scripts/bundle.mjs) keeps zxcvbn's dictionaries off the start's path: no
 * chunk that main.js or cli.js imports statically holds them, and a chunk they import on demand
 * does (features/passwords/password-dictionaries.ts). A static import of them anywhere would put
 * their 1.6 MB and their decompression back into every start (issue 18).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { BUNDLE_DIR, buildProvider } from '../test/built-provider.js';

const DICTIONARY_MODULE = /^\/\/ node_modules\/@zxcvbn-ts\/language-(common|en)\//m;

beforeAll(() => buildProvider(), 600_000);

/** The chunks `entry` loads before it runs: its static imports of sibling chunks, transitively. */
function staticallyLoaded(entry: string): Set<string> {
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    const source = readFileSync(join(BUNDLE_DIR, file), 'utf8');
    for (const [, chunk] of source.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+"\.\/([\w-]+\.js)"/gms))
      if (chunk) visit(chunk);
  };
  visit(entry);
  return loaded;
}

it('main.js and cli.js start without the dictionaries, which one of their lazy chunks holds', () => {
  const holdsDictionaries = (file: string) =>
    DICTIONARY_MODULE.test(readFileSync(join(BUNDLE_DIR, file), 'utf8'));
  for (const entry of ['main.js', 'cli.js']) {
    const loaded = [...staticallyLoaded(entry)];
    expect(loaded.length, entry).toBeGreaterThan(1);
    expect(loaded.filter(holdsDictionaries), entry).toEqual([]);
  }
  expect(readdirSync(BUNDLE_DIR).filter(holdsDictionaries)).not.toEqual([]);
});
