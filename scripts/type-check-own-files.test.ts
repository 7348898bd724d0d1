/**
 * scripts/type-check-own-files.mjs on a small app: errors in the app's files and in our packages'
 * declarations are reported as `tsc -p` reports them (a declaration naming a file left out of a
 * tarball among them); errors in another package's declarations are not.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { repoRoot, writeFiles } from '../e2e/support/scratch-app.js';
import { isOwnFile, ownDiagnostics } from './type-check-own-files.mjs';

const app = mkdtempSync(join(tmpdir(), 'latchkey-own-files-'));
afterAll(() => rmSync(app, { recursive: true, force: true }));

const tsconfig = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    skipDefaultLibCheck: true,
    target: 'ES2022',
    module: 'node16',
    moduleResolution: 'node16',
    types: [],
  },
  include: ['src'],
};

function givenApp(files: Record<string, string>) {
  rmSync(app, { recursive: true, force: true });
  writeFiles(app, {
    'package.json': JSON.stringify({ name: 'app', private: true, type: 'module' }),
    'tsconfig.json': JSON.stringify(tsconfig),
    'node_modules/@latchkey/fake/package.json': JSON.stringify({
      name: '@latchkey/fake',
      type: 'module',
      exports: { '.': { types: './index.d.ts', default: './index.js' } },
    }),
    'node_modules/other/package.json': JSON.stringify({
      name: 'other',
      type: 'module',
      exports: { '.': { types: './index.d.ts', default: './index.js' } },
    }),
    'node_modules/other/index.d.ts':
      'export declare const broken: Array<string, number>;\nexport type Name = string;\n',
    'src/main.ts': [
      "import type { Fake } from '@latchkey/fake';",
      "import type { Name } from 'other';",
      'export const used: [Fake, Name] = [1, "a"];',
      '',
    ].join('\n'),
    ...files,
  });
}

const runNode = (args: string[]) => spawnSync(process.execPath, args, { cwd: app, encoding: 'utf8' });

const messagesOf = (configPath: string): string[] =>
  ownDiagnostics(configPath).map(
    (d) =>
      `${d.file?.fileName.slice(app.length + 1)}: ${typeof d.messageText === 'string' ? d.messageText : 'chain'}`,
  );

it("reports our declarations' errors, a file left out of the tarball among them, and not another package's", () => {
  givenApp({
    'node_modules/@latchkey/fake/index.d.ts': [
      "import type { Gone } from './left-out.js';",
      'export type Fake = number;',
      'export type UsesGone = Gone;',
      '',
    ].join('\n'),
  });
  const messages = messagesOf(join(app, 'tsconfig.json'));
  expect(messages).toEqual([
    "node_modules/@latchkey/fake/index.d.ts: Cannot find module './left-out.js' or its corresponding type declarations.",
  ]);
  // tsc itself reports the other package's error too.
  const tsc = runNode([join(repoRoot, 'node_modules/@typescript/native/bin/tsc'), '-p', 'tsconfig.json']);
  expect(tsc.status).toBeGreaterThan(0);
  expect(tsc.stdout).toMatch(/node_modules\/other\/index\.d\.ts\(1,\d+\): error TS2314/);
});

it("reports the app's own errors, and prints them and exits 1 from the command line", () => {
  givenApp({
    'node_modules/@latchkey/fake/index.d.ts': 'export type Fake = number;\n',
    'src/wrong.ts': 'export const count: number = "three";\n',
  });
  expect(messagesOf(join(app, 'tsconfig.json'))).toEqual([
    "src/wrong.ts: Type 'string' is not assignable to type 'number'.",
  ]);
  const run = runNode([join(repoRoot, 'scripts/type-check-own-files.mjs'), 'tsconfig.json']);
  expect(run.status).toBe(1);
  expect(run.stdout).toMatch(/^src\/wrong\.ts\(1,14\): error TS2322/);
});

it('passes a clean app silently', () => {
  givenApp({ 'node_modules/@latchkey/fake/index.d.ts': 'export type Fake = number;\n' });
  expect(messagesOf(join(app, 'tsconfig.json'))).toEqual([]);
  const run = runNode([join(repoRoot, 'scripts/type-check-own-files.mjs'), 'tsconfig.json']);
  expect([run.status, run.stdout, run.stderr]).toEqual([0, '', '']);
  expect(isOwnFile('/x/node_modules/@latchkey/react/dist/index.d.ts')).toBe(true);
  expect(isOwnFile('/x/node_modules/typebox/build/index.d.mts')).toBe(false);
});
