// @vitest-environment node
// The package entry is a React Server Components client boundary: 'use client' must be the first
// statement of what tsc emits (dist/index.js) and of an app bundler's output of the entry, or a
// framework such as Next.js treats the hooks as server code and fails to build.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(packageDir, 'src/index.ts');

/** The code after leading comments and blank lines. */
const firstStatement = (code: string) =>
  code.replace(/^(\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*\n)*/, '').split('\n')[0];

describe("'use client'", () => {
  it('leads the entry as tsc emits it', () => {
    // The build's compiler (TypeScript 7, which has no JavaScript API) with the package's own
    // options, on the entry alone: no type check, no imports followed.
    const out = mkdtempSync(join(tmpdir(), 'latchkey-use-client-'));
    try {
      const config = join(out, 'tsconfig.json');
      writeFileSync(
        config,
        JSON.stringify({
          extends: join(packageDir, 'tsconfig.json'),
          compilerOptions: {
            outDir: join(out, 'dist'),
            rootDir: join(packageDir, 'src'),
            noCheck: true,
            noResolve: true,
            composite: false,
            incremental: false,
            declaration: false,
            declarationMap: false,
            isolatedDeclarations: false,
            sourceMap: false,
          },
          files: [entry],
          include: [],
        }),
      );
      const tsc = join(packageDir, '../../node_modules/@typescript/native/bin/tsc');
      execFileSync(process.execPath, [tsc, '-p', config], { encoding: 'utf8' });
      expect(firstStatement(readFileSync(join(out, 'dist/index.js'), 'utf8'))).toBe("'use client';");
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('leads an app bundler’s output of the entry, without a warning', async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      write: false,
      packages: 'external',
      conditions: ['source'],
      jsx: 'automatic',
      logLevel: 'silent',
    });
    expect(result.warnings).toEqual([]);
    expect(firstStatement(result.outputFiles[0]?.text ?? '')).toBe('"use client";');
  });
});
