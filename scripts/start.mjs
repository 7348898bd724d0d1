// `npm start`: install and build what is missing, then run the provider, the demo host page and
// Clickwise (each on the embedded database) until interrupted.
import { ensureBuilt, ensureInstalled, startChild, waitForHttp } from './lib.mjs';

ensureInstalled();
ensureBuilt();

const providerPort = process.env.PORT ?? '4000';
const demoPort = process.env.DEMO_PORT ?? '4100';
const clickwisePort = process.env.CLICKWISE_PORT ?? '3000';
const providerUrl = `http://localhost:${providerPort}`;
const children = [];

function shutdown(code = 0) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => shutdown(0));

const provider = startChild('provider', process.execPath, ['apps/provider/dist/main.js'], {
  PORT: providerPort,
});
children.push(provider);
provider.on('exit', (code) => {
  console.error(`provider exited (${code}); stopping`);
  shutdown(code ?? 1);
});

if (!(await waitForHttp(`${providerUrl}/`, 120_000))) {
  console.error('the provider did not come up within 120 s');
  shutdown(1);
} else {
  const demo = startChild('demo', process.execPath, ['apps/demo/server.mjs'], {
    DEMO_PORT: demoPort,
    PROVIDER_URL: providerUrl,
  });
  children.push(demo);
  demo.on('exit', (code) => {
    console.error(`demo exited (${code}); stopping`);
    shutdown(code ?? 1);
  });
  // Clickwise signs its visitors in with the provider's dev project, so it starts once that exists.
  const clickwise = startChild('clickwise', process.execPath, ['apps/clickwise/server/main.mjs'], {
    CLICKWISE_PORT: clickwisePort,
    PROVIDER_URL: providerUrl,
  });
  children.push(clickwise);
  clickwise.on('exit', (code) => {
    console.error(`clickwise exited (${code}); stopping`);
    shutdown(code ?? 1);
  });
  await waitForHttp(`http://localhost:${demoPort}/`, 30_000);
  await waitForHttp(`http://localhost:${clickwisePort}/`, 60_000);
  console.log(`
  Latchkey is running
    provider        ${providerUrl}
    dev outbox      ${providerUrl}/dev/outbox
    demo host page  http://localhost:${demoPort}
    Clickwise       http://localhost:${clickwisePort}
  Press Ctrl+C to stop.
`);
}
