// `npm start`: install and build what is missing, then run the provider, the demo host page and
// Clickwise (each on the embedded database) until interrupted.
import { ensureBuilt, ensureInstalled, run, startChild, waitForHttp } from './lib.mjs';

ensureInstalled();
ensureBuilt();
// The provider runs from its bundle (ensureBuilt makes it): loading its modules one by one was a
// third of its start (issue 18). Imported after the install: the bundler is a dependency.
const { BUNDLE_ENTRY } = await import('../apps/provider/scripts/bundle.mjs');

const providerPort = process.env.PORT ?? '4000';
const demoPort = process.env.DEMO_PORT ?? '4100';
const clickwisePort = process.env.CLICKWISE_PORT ?? '3000';
const providerUrl = `http://localhost:${providerPort}`;
const clickwiseOrigin = (process.env.CLICKWISE_PUBLIC_URL || `http://localhost:${clickwisePort}`).replace(
  /\/+$/,
  '',
);
const children = [];

// Clickwise signs its visitors in with a development project of its own, named Clickwise, so its
// emails say Clickwise while the demo's project keeps its name: the provider's CLI makes it once
// (kept in .data/clickwise-project.json beside dev-project.json), before the provider opens the
// database. LATCHKEY_PROJECT_ID/… name another project instead.
if (!process.env.LATCHKEY_PROJECT_ID) {
  const authenticate = `${clickwiseOrigin}/user/authenticate`;
  run(
    process.execPath,
    [
      'apps/provider/dist/cli.js',
      'project',
      'create',
      '--dev',
      'clickwise',
      '--name',
      'Clickwise',
      '--login-redirect-url',
      authenticate,
      '--signup-redirect-url',
      authenticate,
    ],
    // The credentials it prints include the secret: the file holds them, the console must not.
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

function shutdown(code = 0) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => shutdown(0));

/** Starts one of the servers on Node; when any of them exits, everything stops. */
function startServer(label, script, env) {
  const child = startChild(label, process.execPath, [script], env);
  children.push(child);
  child.on('exit', (code) => {
    console.error(`${label} exited (${code}); stopping`);
    shutdown(code ?? 1);
  });
}

startServer('provider', BUNDLE_ENTRY, { PORT: providerPort });

if (!(await waitForHttp(`${providerUrl}/`, 120_000))) {
  console.error('the provider did not come up within 120 s');
  shutdown(1);
} else {
  startServer('demo', 'apps/demo/server.mjs', { DEMO_PORT: demoPort, PROVIDER_URL: providerUrl });
  // Clickwise reads its project's file (written above) when a visitor first signs in.
  startServer('clickwise', 'apps/clickwise/server/main.mjs', {
    CLICKWISE_PORT: clickwisePort,
    PROVIDER_URL: providerUrl,
  });
  await waitForHttp(`http://localhost:${demoPort}/`, 30_000);
  await waitForHttp(`http://localhost:${clickwisePort}/`, 60_000);
  console.log(`
  Latchkey is running
    provider        ${providerUrl}
    console         ${providerUrl}/console/  (first operator: the invite in .data/console-invite.json)
    dev outbox      ${providerUrl}/dev/outbox
    demo host page  http://localhost:${demoPort}
    Clickwise       http://localhost:${clickwisePort}
  Press Ctrl+C to stop.
`);
}
