// The e2e provider: starts it on an empty data directory, then runs the stack's set-up commands
// (E2E_PROVIDER_SETUP: the provider's CLI making the further projects). With the provider running,
// each CLI process calls its administration API over HTTP with the development operator key; run
// before the provider, each opened PGlite and built the whole app in-process — about 8 s of CPU
// apiece, seven times, which took minutes on a loaded 2-core box (issue 18). Prints READY_LINE once
// the projects exist: Playwright waits for that line, as the provider answers before they do.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { repoRoot, waitForHttp } from '../../scripts/lib.mjs';

const READY_LINE = 'e2e provider ready: its projects are made';
const { LATCHKEY_DATA_DIR: dataDir, E2E_PROVIDER_URL: providerUrl, E2E_PROVIDER_SETUP: setup } = process.env;
if (!dataDir || !providerUrl || !setup) {
  console.error('serve-provider: LATCHKEY_DATA_DIR, E2E_PROVIDER_URL and E2E_PROVIDER_SETUP are required');
  process.exit(2);
}

// Playwright's own "port already in use" check needs a URL to poll, which this server cannot give it.
const answered = await fetch(`${providerUrl}/`).then(
  () => true,
  () => false,
);
if (answered) {
  console.error(`serve-provider: something already answers at ${providerUrl}`);
  process.exit(1);
}

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const provider = spawn(process.execPath, ['apps/provider/dist/bundle/provider/main.js'], {
  cwd: repoRoot,
  stdio: 'inherit',
});
provider.on('exit', (code, signal) => {
  console.error(`serve-provider: the provider exited (${signal ?? code})`);
  process.exit(code || 1);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => provider.kill(signal));

// The same hang detector as Playwright's start-up timeout: passing never waits for it.
if (!(await waitForHttp(`${providerUrl}/`, 600_000))) {
  console.error(`serve-provider: the provider did not answer at ${providerUrl}`);
  provider.kill('SIGTERM');
  process.exit(1);
}
const made = spawnSync('sh', ['-c', setup], { cwd: repoRoot, stdio: 'inherit' });
if (made.status !== 0) {
  console.error(`serve-provider: the set-up commands failed (exit ${made.status ?? made.signal})`);
  provider.kill('SIGTERM');
  process.exit(1);
}
console.log(READY_LINE);
