/**
 * Issue 22: the packages install from their `npm pack` tarballs into a scratch app that
 * type-checks and runs — the integrator's view, which the workspace (symlinks, the `source`
 * condition, a built dist/ beside src/) hides. Every public entry is taken from the packed
 * manifests' `exports`, so an entry whose file or types are missing from the tarball fails here:
 * under TypeScript's node16 and bundler resolutions, when Node imports the server-side packages,
 * when esbuild bundles a React entry for the browser, and when the provider's bin runs.
 */
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import semver from 'semver';
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
    thirdParty: ['react', 'react-dom', '@types/react', '@types/react-dom', '@types/node', 'next'],
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

/**
 * What npm installs with ours that refuses the oldest Node our packages declare (`engines`), and
 * why it may. light-my-request is Fastify's own dependency for `inject()`, which the provider
 * never calls outside tests; its cookie parser asks for Node 22 and is not reached otherwise.
 */
const NEWER_NODE_ALLOWED = new Map([['cookie', 'light-my-request (Fastify inject) only']]);

/** Every package under `nodeModules` (nested ones too) whose `engines.node` excludes `oldest`. */
function packagesRefusing(nodeModules: string, oldest: string): string[] {
  const refusing: string[] = [];
  for (const entry of readdirSync(nodeModules)) {
    if (entry.startsWith('.')) continue;
    const dir = join(nodeModules, entry);
    if (entry.startsWith('@')) {
      refusing.push(...packagesRefusing(dir, oldest));
      continue;
    }
    const manifestFile = join(dir, 'package.json');
    if (!existsSync(manifestFile)) continue;
    const { name, version, engines } = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      name: string;
      version: string;
      engines?: { node?: string };
    };
    if (engines?.node && !semver.satisfies(oldest, engines.node))
      refusing.push(`${name}@${version} (node ${engines.node})`);
    if (existsSync(join(dir, 'node_modules')))
      refusing.push(...packagesRefusing(join(dir, 'node_modules'), oldest));
  }
  return refusing;
}

it('everything installed runs on the oldest Node our packages declare', () => {
  const declared = new Set(
    Object.keys(tarballs).map(
      (name) =>
        (
          JSON.parse(readFileSync(join(app, 'node_modules', name, 'package.json'), 'utf8')) as {
            engines: { node: string };
          }
        ).engines.node,
    ),
  );
  // One range for all of them, so one oldest version to hold everything to.
  expect(declared.size).toBe(1);
  const oldest = semver.minVersion([...declared][0] ?? '')?.version ?? '';
  expect(oldest).toMatch(/^\d+\.\d+\.\d+$/);
  const refusing = packagesRefusing(join(app, 'node_modules'), oldest).filter(
    (found) => !NEWER_NODE_ALLOWED.has(found.slice(0, found.indexOf('@', 1))),
  );
  expect(refusing).toEqual([]);
});

it('every public entry type-checks under node16 and bundler resolution, with a React component', async () => {
  expect(entries).toContain('@latchkey/react/standalone');
  const importsOf = (list: string[]) =>
    `${list.map((entry, i) => `import type * as entry${i} from '${entry}';`).join('\n')}\nexport type Entries = [${list.map((_, i) => `typeof entry${i}`).join(', ')}];\n`;
  const isNext = (entry: string) => entry.startsWith('@latchkey/nextjs');
  writeFiles(app, {
    'src/entries.ts': importsOf(entries.filter((entry) => !isNext(entry))),
    'src-next/entries.ts': importsOf(entries.filter(isNext)),
    'src/app.tsx': [
      "import { createLatchkeyClient } from '@latchkey/client';",
      "import { LatchkeyProvider, SignIn, useSession } from '@latchkey/react';",
      "import { createRoot } from 'react-dom/client';",
      "const client = createLatchkeyClient({ publicToken: 'public-token-test-0', baseUrl: 'http://localhost:4000' });",
      'function Status() {',
      '  const { isLoaded, session } = useSession();',
      "  return <p>{!isLoaded ? '…' : session ? session.session_id : 'signed out'}</p>;",
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
    'src-next/next-app.ts': [
      "import { auth, currentUser, handleLatchkeyCallback, latchkeyMiddleware } from '@latchkey/nextjs';",
      "export default latchkeyMiddleware({ protect: ['/dashboard'] });",
      "export const GET = handleLatchkeyCallback({ afterSignInUrl: '/dashboard' });",
      'export async function signedInEmail(): Promise<string | undefined> {',
      '  const { userId } = await auth();',
      '  const user = userId ? await currentUser() : null;',
      '  return user?.emails[0]?.email;',
      '}',
      '',
    ].join('\n'),
  });
  // Both resolutions at once: each check is a few seconds of CPU, and CI has two cores.
  // @latchkey/nextjs on its own: Next's own declarations need skipLibCheck (its app template sets it),
  // so ours are checked there through their use, as a Next.js app sees them.
  const runs = [
    { name: 'node16', resolution: 'node16', include: 'src', skipLibCheck: false },
    { name: 'bundler', resolution: 'bundler', include: 'src', skipLibCheck: false },
    { name: 'next', resolution: 'bundler', include: 'src-next', skipLibCheck: true },
  ] as const;
  const checks = runs.map(({ name, resolution, include, skipLibCheck }) => {
    const compilerOptions = {
      strict: true,
      noEmit: true,
      // Our declarations are checked too (a .d.ts naming a file left out of the tarball fails);
      // TypeScript's own lib files need no check (about a tenth of each check's CPU), nor do other
      // packages' declarations (type-check-own-files.mjs).
      skipLibCheck,
      skipDefaultLibCheck: true,
      target: 'ES2022',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      jsx: 'react-jsx',
      types: ['node'],
      module: resolution === 'node16' ? 'node16' : 'esnext',
      moduleResolution: resolution,
    };
    writeFiles(app, {
      [`tsconfig.${name}.json`]: JSON.stringify({ compilerOptions, include: [include] }, null, 2),
    });
    // As `tsc -p`, without checking third-party declarations in full (scripts/type-check-own-files.mjs).
    const check = [join(repoRoot, 'scripts/type-check-own-files.mjs'), `tsconfig.${name}.json`];
    return new Promise<string>((resolve) =>
      execFile(process.execPath, check, { cwd: app }, (error, stdout, stderr) =>
        resolve(`${name}: ${stdout}${stderr}${error ? `(exit ${error.code})` : ''}`),
      ),
    );
  });
  expect(await Promise.all(checks)).toEqual(['node16: ', 'bundler: ', 'next: ']);
}, 600_000);

it('Node imports every entry of @latchkey/node, @latchkey/nextjs and @latchkey/wire and uses them', () => {
  const serverEntries = entries.filter(
    (e) =>
      e.startsWith('@latchkey/node') || e.startsWith('@latchkey/wire') || e.startsWith('@latchkey/nextjs'),
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

it('`latchkey-provider start` from the tarball serves the provider and its packed console', async () => {
  // Its new data directory starts from the packed PGlite template, not initdb (src/db/pglite-data-dir.ts).
  expect(existsSync(join(app, 'node_modules/@latchkey/provider/dist/pglite-template.tar.gz'))).toBe(true);
  const port = await freePort();
  // The bin link itself: its shebang and executable bit, as a shell would run it.
  const provider = spawn(join(app, 'node_modules/.bin/latchkey-provider'), ['start'], {
    cwd: app,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      LATCHKEY_DATA_DIR: join(work, 'data'),
    },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => provider.on('exit', resolve));
  try {
    // Wait for the state (the provider answering), never a fixed time; the test timeout bounds it.
    let answer: Response | undefined;
    while (!answer) {
      if (provider.exitCode !== null) throw new Error(`start exited ${provider.exitCode}`);
      answer = await fetch(`http://localhost:${port}/`).catch(
        () => new Promise<undefined>((resolve) => setTimeout(resolve, 200)),
      );
    }
    expect(answer.status).toBe(200);
    const consolePage = await fetch(`http://localhost:${port}/console/`);
    expect(consolePage.status).toBe(200);
    expect(await consolePage.text()).toContain('<div id="root">');
  } finally {
    provider.kill('SIGTERM');
    await exited;
  }
}, 300_000);

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
