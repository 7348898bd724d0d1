import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { databaseFreeProviderTestFiles } from './apps/provider/test/database-free-files.js';

/**
 * Provider files that must load modules before anything else in their process does: OpenTelemetry
 * instruments Fastify and pg when they are first imported, which in the provider project's shared
 * module graph (isolate: false) some earlier file has usually done already.
 */
const PROVIDER_FILES_ON_THEIR_OWN = ['apps/provider/src/telemetry/tracing.test.ts'];

/**
 * Test files under `dir` that need a module graph and a window of their own: they replace modules
 * (which would leak into the files after them), or run the standalone bundles in the window
 * (which define custom elements and globals no page clean-up can take back).
 */
function filesNeedingTheirOwnGraph(dir: string): string[] {
  const ownGraph = /\bvi\.(mock|doMock|unmock|resetModules)\(|\bbuildStandalone\(/;
  return readdirSync(join(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file))
    .filter((file) => ownGraph.test(readFileSync(join(import.meta.dirname, file), 'utf8')));
}

/**
 * A project whose files share each worker's module graph (`isolate: false`): a fresh jsdom and
 * module graph per file cost most of these projects' CPU (the console's 22 files: 68 → 16 CPU-s;
 * @latchkey/node's 25: 31 → 10). Each file still starts on a fresh page with no stubbed globals
 * (test/fresh-page-per-file.ts); the files that need more (filesNeedingTheirOwnGraph) run in a
 * project of their own, `<name>-own-graph`, isolated as before.
 */
function sharedGraphProjects(
  name: string,
  dir: string,
  environment: 'jsdom' | 'node',
  test: { setupFiles?: string[]; testTimeout?: number; hookTimeout?: number } = {},
): TestProjectInlineConfiguration[] {
  const ownGraph = filesNeedingTheirOwnGraph(dir);
  const shared: TestProjectInlineConfiguration = {
    extends: true,
    test: {
      ...test,
      name,
      include: [`${dir}/**/*.test.{ts,tsx}`],
      exclude: ownGraph,
      environment,
      isolate: false,
      setupFiles: ['test/fresh-page-per-file.ts', ...(test.setupFiles ?? [])],
    },
  };
  if (ownGraph.length === 0) return [shared];
  return [
    shared,
    { extends: true, test: { ...test, name: `${name}-own-graph`, include: ownGraph, environment } },
  ];
}

// One runner for unit and provider-integration tests. The "source" export condition makes
// workspace packages resolve to their TypeScript sources, so tests never need a prior build.
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    // Transformed modules are kept on disk (node_modules/.experimental-vitest-cache, keyed by each
    // file's content and the config): `npm test` runs the provider suite a second time on
    // PostgreSQL, which then skips most transforms and half the import time (provider-alone and
    // clickwise: transform 5.9 → 1.3 s, import 10.6 → 5.3 s; issue 18).
    experimental: { fsModuleCache: true },
    // Vitest's default is one worker fewer than the cores: on a 2-core CI box that is one file at
    // a time, while provider files spend much of their time waiting (PostgreSQL, argon2id on
    // libuv's pool, loopback servers). One worker per core keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
    // Vitest's 5 s default fails unit tests on a busy 2-core CI machine (seen at load 40: the phone
    // number property test, the console's form tests). A hang detector, not a speed limit.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      ...sharedGraphProjects('client', 'packages/client/src', 'jsdom'),
      ...sharedGraphProjects('react', 'packages/react/src', 'jsdom', {
        setupFiles: ['packages/react/test/async-util-timeout.ts', 'packages/react/test/after-paint-flush.ts'],
        // Above the 10 s a findBy… may wait (async-util-timeout.ts), so a miss reports its query;
        // a hang detector, not a speed limit (axe over 245 countries takes 20 s+ under load).
        testTimeout: 120_000,
      }),
      ...sharedGraphProjects('node', 'packages/node/src', 'node'),
      // Files that run under the edge runtime say so (`@vitest-environment edge-runtime`).
      ...sharedGraphProjects('nextjs', 'packages/nextjs/src', 'node'),
      {
        extends: true,
        test: {
          name: 'clickwise',
          include: ['apps/clickwise/app/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Hang detectors, not speed limits: on a loaded 2-core box a test of 100 wrong codes
          // or a context's set-up can take minutes, and passing depends only on its assertions.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      ...sharedGraphProjects('console', 'apps/console/src', 'jsdom'),
      {
        extends: true,
        test: {
          // The packed tarballs installed into a scratch app (scripts/pack-and-install.test.ts).
          name: 'packaging',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'provider',
          include: ['apps/provider/src/**/*.test.ts'],
          // On PostgreSQL, only the files that can reach a database (test/database-free-files.ts):
          // the others would run the same code as on PGlite again.
          exclude: [
            ...PROVIDER_FILES_ON_THEIR_OWN,
            ...(process.env.TEST_DATABASE_URL ? databaseFreeProviderTestFiles(import.meta.dirname) : []),
          ],
          environment: 'node',
          // Migrates one database per run; each file clones it, and on PGlite a closed clone is
          // emptied for the worker's next file (apps/provider/test/test-database.ts, pglite-pool.ts).
          globalSetup: ['apps/provider/test/global-setup.ts'],
          // Files share each worker's module graph: importing the app costs about 0.6 s of CPU
          // per file (1.5 s+ on a loaded box), and nothing in it holds per-file state: each file
          // builds its own app, database and clock through createTestContext, and no provider
          // test mocks modules, stubs globals or sets the environment (spies are restored).
          isolate: false,
          // Hang detectors, not speed limits: on a loaded 2-core box a test of 100 wrong codes
          // or a context's set-up can take minutes, and passing depends only on its assertions.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          // Provider files that need a module graph of their own (see PROVIDER_FILES_ON_THEIR_OWN).
          name: 'provider-alone',
          include: PROVIDER_FILES_ON_THEIR_OWN,
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
