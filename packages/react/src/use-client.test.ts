// @vitest-environment node
// The package entry is a React Server Components client boundary: 'use client' must be the first
// statement of what tsc emits (dist/index.js) and of an app bundler's output of the entry, or a
// framework such as Next.js treats the hooks as server code and fails to build.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(packageDir, 'src/index.ts');

/** The code after leading comments and blank lines. */
const firstStatement = (code: string) =>
  code.replace(/^(\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*\n)*/, '').split('\n')[0];

describe("'use client'", () => {
  it('leads the entry as tsc emits it', () => {
    const config = ts.getParsedCommandLineOfConfigFile(
      join(packageDir, 'tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: () => {},
      },
    );
    const emitted = ts.transpileModule(readFileSync(entry, 'utf8'), {
      compilerOptions: config?.options ?? {},
      fileName: entry,
    }).outputText;
    expect(firstStatement(emitted)).toBe("'use client';");
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
