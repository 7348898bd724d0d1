// Runs the built examples/nextjs with `next start` against the e2e provider's dev project. The
// project file is read once the provider answers: its start empties the data directory first.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain .mjs module of the repo's scripts, without types
import { ensureNextjsExampleBuilt } from '../../scripts/lib.mjs';
import { e2eDataDir, nextjsExampleUrl, ports, providerUrl } from './stack.js';

// NEXTJS_EXAMPLE_DIR: another build of the example to run instead (e.g. a copy whose proxy.ts is
// named middleware.ts, which Next.js runs on the edge runtime); it is run as it is, not rebuilt.
const exampleDir =
  process.env.NEXTJS_EXAMPLE_DIR ?? fileURLToPath(new URL('../../examples/nextjs', import.meta.url));
// The example's own `next` (npm may hoist it to the root node_modules).
const nextBin = createRequire(join(exampleDir, 'package.json')).resolve('next/dist/bin/next');

async function providerAnswers(): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(`${providerUrl}/`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

if (!process.env.NEXTJS_EXAMPLE_DIR) ensureNextjsExampleBuilt(); // a no-op when `npm test` built it already
await providerAnswers();
const project = JSON.parse(readFileSync(join(e2eDataDir, 'dev-project.json'), 'utf8')) as Record<
  string,
  string
>;
const next = spawn(process.execPath, [nextBin, 'start', '--port', String(ports.nextjsExample)], {
  cwd: exampleDir,
  stdio: 'inherit',
  env: {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    LATCHKEY_PROVIDER_URL: providerUrl,
    LATCHKEY_PROJECT_ID: project.project_id,
    LATCHKEY_PUBLIC_TOKEN: project.public_token,
    LATCHKEY_SECRET: project.secret,
  },
});
console.log(`examples/nextjs: next start on ${nextjsExampleUrl}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => next.kill(signal));
next.on('exit', (code) => process.exit(code ?? 1));
