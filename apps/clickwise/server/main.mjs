// Clickwise's Node server: the React Router build (server-rendered pages, form actions) and its
// static assets. `npm start` at the repository root builds it first (scripts/lib.mjs).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestListener } from '@mjackson/node-fetch-server';
import { createRequestHandler } from 'react-router';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');
const buildDir = join(here, '../dist/site');
const clientDir = join(buildDir, 'client');

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves a file of the client build, or answers false. Hashed assets are cached for a year. */
function serveStatic(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  if (path === '/' || path.includes('\0')) return false;
  const file = normalize(join(clientDir, path));
  if (!file.startsWith(clientDir + sep) || !existsSync(file) || !statSync(file).isFile()) return false;
  res.writeHead(200, {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
  return true;
}

const build = await import(pathToFileURL(join(buildDir, 'server/index.js')).href);
const loadContext = await build.entry.module.startApp(process.env, repoRoot);
const { host, port, publicOrigin } = loadContext.clickwise.config;
const handleRequest = createRequestHandler(build, 'production');
// Every request's URL is on CLICKWISE_PUBLIC_URL's origin: the Host header and any forwarded
// protocol or host are written by the client (or passed through by a proxy), so none of them may
// decide the site's origin, which React Router's own same-origin check of actions compares with.
const { protocol, host: publicHost } = new URL(publicOrigin);
const handle = createRequestListener((request) => handleRequest(request, loadContext), {
  protocol,
  host: publicHost,
});

const server = createServer((req, res) => {
  req.url = build.entry.module.originForm(req.url ?? '/');
  try {
    if (serveStatic(req, res)) return;
  } catch {
    // A malformed path (bad percent-encoding) is left to the router, which answers 404.
  }
  handle(req, res);
});
server.listen(port, host, () => console.log(`Clickwise on ${publicOrigin} (listening on ${host}:${port})`));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close();
    loadContext.clickwise.close().finally(() => process.exit(0));
  });
}
