import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { VERSION } from './version.js';

it('VERSION matches package.json', () => {
  const manifest = join(dirname(fileURLToPath(import.meta.url)), '../package.json');
  expect(VERSION).toBe(JSON.parse(readFileSync(manifest, 'utf8')).version);
});
