/**
 * Issue 22: the packages install from their `npm pack` tarballs into a scratch app that
 * type-checks and runs — the integrator's view, which the workspace (symlinks, the `source`
 * condition, a built dist/ beside src/) hides. Every public entry is taken from the packed
 * manifests' `exports`, so an entry whose file or types are missing from the tarball fails here:
 * under TypeScript's node16 and bundler resolutions, when Node imports the server-side packages,
 * when esbuild bundles a React entry for the browser, and when the provider's bin runs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { installScratchApp, repoRoot, writeFiles } from '../e2e/support/scratch-app.js';
import { checkTarballs } from './check-packages.mjs';
import { packPackages } from './pack-packages.mjs';

const work = mkdtempSync(join(tmpdir(), 'latchkey-pack-install-'));
const app = join(work, 'app');
let tarballs: Record<string, string> = {};
/** Every library entry the tarballs export: `@latchkey/wire`, `@latchkey/wire/messages`, … */
const entries: string[] = [];

beforeAll(() => {
  tarballs = packPackages(join(work, 'packs'));
  installScratchApp({
    dir: app,
    tarballs,
    thirdParty: ['react', 'react-dom', '@types/react', '@types/react-dom', '@types/node'],
  });
  for (const name of Object.keys(tarballs).filter((n) => n !== '@latchkey/provider')) {
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules', name, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    for (const subpath of Object.keys(manifest.exports))
      if (subpath !== './package.json' && !subpath.endsWith('.css'))
        entries.push(subpath === '.' ? name : `${name}/${subpath.slice(2)}`);
  }
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

it('publint and "Are the types wrong?" find nothing in any tarball', () => {
  expect(checkTarballs(tarballs)).toEqual([]);
}, 300_000);

it('every public entry type-checks under node16 and bundler resolution, with a React component', () => {
  expect(entries).toContain('@latchkey/react/standalone');
  const imports = entries.map((entry, i) => `import type * as entry${i} from '${entry}';`);
  writeFiles(app, {
    'src/entries.ts': `${imports.join('\n')}\nexport type Entries = [${entries.map((_, i) => `typeof entry${i}`).join(', ')}];\n`,
    'src/app.tsx': [
      "import { createLatchkeyClient } from '@latchkey/client';",
      "import { LatchkeyProvider, SignIn, useSession } from '@latchkey/react';",
      "import { createRoot } from 'react-dom/client';",
      "const client = createLatchkeyClient({ publicToken: 'public-token-test-0', baseUrl: 'http://localhost:4000' });",
      'function Status() {',
      '  const session = useSession();',
      "  return <p>{session ? session.session_id : 'signed out'}</p>;",
      '}',
      "createRoot(document.getElementById('root') as HTMLElement).render(",
      '  <LatchkeyProvider client={client}>',
      "    <SignIn config={{ products: ['emailMagicLinks'] }} />",
      '    <Status />',
      '  </LatchkeyProvider>,',
      ');',
      '',
    ].join('\n'),
    'src/server.ts': [
      "import { createLatchkeyServerClient, type LatchkeyServerError } from '@latchkey/node';",
      "import { latchkeySession } from '@latchkey/node/express';",
      'export const server = createLatchkeyServerClient({',
      "  providerUrl: 'http://localhost:4000',",
      "  projectId: 'project-test-0',",
      "  secret: 'secret-test-0',",
      '});',
      'export const middleware = latchkeySession({ client: server });',
      'export type Failure = LatchkeyServerError;',
      '',
    ].join('\n'),
  });
  for (const resolution of ['node16', 'bundler'] as const) {
    const compilerOptions = {
      strict: true,
      noEmit: true,
      // Our declarations are checked too (a .d.ts naming a file left out of the tarball fails).
      skipLibCheck: false,
      target: 'ES2022',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      jsx: 'react-jsx',
      types: ['node'],
      module: resolution === 'node16' ? 'node16' : 'esnext',
      moduleResolution: resolution,
    };
    writeFiles(app, {
      [`tsconfig.${resolution}.json`]: JSON.stringify({ compilerOptions, include: ['src'] }, null, 2),
    });
    const tsc = spawnSync(
      process.execPath,
      [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', `tsconfig.${resolution}.json`],
      { cwd: app, encoding: 'utf8' },
    );
    expect(`${resolution}: ${tsc.stdout}${tsc.stderr}`).toBe(`${resolution}: `);
    expect(tsc.status).toBe(0);
  }
}, 300_000);

it('Node imports every entry of @latchkey/node and @latchkey/wire and uses them', () => {
  const serverEntries = entries.filter(
    (e) => e.startsWith('@latchkey/node') || e.startsWith('@latchkey/wire'),
  );
  expect(serverEntries.length).toBeGreaterThanOrEqual(8);
  writeFiles(app, {
    'run.mjs': [
      `const entries = ${JSON.stringify(serverEntries)};`,
      'const exported = {};',
      'for (const entry of entries) exported[entry] = Object.keys(await import(entry)).length;',
      "const { createLatchkeyServerClient } = await import('@latchkey/node');",
      "const server = createLatchkeyServerClient({ providerUrl: 'http://localhost:1', projectId: 'project-test-0', secret: 's' });",
      "const verified = await server.verifySessionJwt('not-a-jwt');",
      'console.log(JSON.stringify({ exported, verified: verified.ok }));',
    ].join('\n'),
  });
  const result = JSON.parse(execFileSync(process.execPath, ['run.mjs'], { cwd: app, encoding: 'utf8' })) as {
    exported: Record<string, number>;
    verified: boolean;
  };
  for (const entry of serverEntries) expect(result.exported[entry], entry).toBeGreaterThan(0);
  expect(result.verified).toBe(false);
}, 120_000);

it('esbuild bundles a React app of @latchkey/react and @latchkey/client for the browser', async () => {
  const result = await build({
    absWorkingDir: app,
    entryPoints: ['src/app.tsx'],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    jsx: 'automatic',
    write: false,
    logLevel: 'silent',
    outfile: 'out/app.js',
  });
  expect(result.errors).toEqual([]);
  const [bundle] = result.outputFiles;
  expect(bundle?.text).toContain('public-token-test-0');
}, 120_000);

it('`npx latchkey-provider --help` runs the installed provider (never the registry)', () => {
  // --no: npx must not offer to fetch a package of that name.
  const help = spawnSync('npx', ['--no', '--', 'latchkey-provider', '--help'], {
    cwd: app,
    encoding: 'utf8',
  });
  expect(help.stderr).toBe('');
  expect(help.status).toBe(0);
  expect(help.stdout).toContain('latchkey-provider start');
}, 120_000);
