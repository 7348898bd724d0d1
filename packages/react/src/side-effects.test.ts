// A module that registers styles or texts when it runs (addStyles, addEnglish at its top level)
// must be listed in package.json's "sideEffects": a bundler that trusts that list (Vite, esbuild)
// drops such a module when the app only uses what it re-exports, and the screens it registers
// for then render without their texts (a crash in `t`) or their rules.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const REGISTERS_ON_LOAD = /^(?:addStyles|addEnglish)\(/m;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('package.json sideEffects', () => {
  const listed = new Set<string>(
    JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).sideEffects,
  );
  const registering = sourceFiles(join(packageDir, 'src'))
    .filter((file) => REGISTERS_ON_LOAD.test(readFileSync(file, 'utf8')))
    .map((file) => `./${relative(packageDir, file)}`);

  it('finds the modules that register on load', () => {
    expect(registering).toContain('./src/screens/later-screens.ts');
  });

  it.each(registering)('lists %s, in src and in dist', (source) => {
    expect(listed).toContain(source);
    expect(listed).toContain(source.replace(/^\.\/src\//, './dist/').replace(/\.tsx?$/, '.js'));
  });
});
