/**
 * A second integrator's site for the e2e: a page on its own origin that loads the official browser
 * SDK (6.x from `@stytch/vanilla-js`, 5.1.1 from the `stytch-vanilla-js-5` alias) and points it at
 * the real provider, so Chromium makes the SDK's real cross-origin calls (issue 17 item 6).
 * It serves only the files listed here, from the repository's node_modules and this folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The host page's origin: another port than the demo's, so another origin than the provider's too. */
export const officialHostPort = 4560;
export const officialHostUrl = `http://localhost:${officialHostPort}`;

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** A package's `dist/` folder, found from its resolved entry point (neither exports package.json). */
function distOf(name: string): string {
  const entry = require.resolve(name);
  return entry.slice(0, entry.lastIndexOf(`${sep}dist${sep}`) + `${sep}dist`.length);
}

/** The SDK builds, by URL prefix: `/sdk/6/iife/index.js`, `/sdk/5/index.esm.js` and its chunks. */
const sdkDist: Record<string, string> = {
  '/sdk/6/': distOf('@stytch/vanilla-js'),
  '/sdk/5/': distOf('stytch-vanilla-js-5'),
};

function page(title: string, script: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><link rel="icon" href="data:,"></head>
<body><main><h1>${title}</h1><div id="login"></div></main>
${script}
</body>
</html>
`;
}

const pages: Record<string, string> = {
  '/v6': page(
    'Official SDK 6.x host',
    '<script src="/sdk/6/iife/index.js"></script>\n<script src="/host-v6.js"></script>',
  ),
  '/v5': page('Official SDK 5.1.1 host', '<script type="module" src="/host-v5.mjs"></script>'),
};

/** The file a path names, or undefined: a page, a host script, or a JavaScript file of an SDK build. */
function fileFor(path: string): { type: string; body: string } | undefined {
  if (Object.hasOwn(pages, path)) return { type: 'text/html', body: pages[path] ?? '' };
  if (path === '/host-v6.js' || path === '/host-v5.mjs')
    return { type: 'text/javascript', body: readFileSync(join(here, path), 'utf8') };
  for (const [prefix, dist] of Object.entries(sdkDist)) {
    if (!path.startsWith(prefix) || !/\.m?js$/.test(path)) continue;
    const file = normalize(join(dist, path.slice(prefix.length)));
    // Nothing outside the build's folder, whatever the path says.
    if (!file.startsWith(`${dist}${sep}`) || !existsSync(file)) return undefined;
    return { type: 'text/javascript', body: readFileSync(file, 'utf8') };
  }
  return undefined;
}

/** Starts the host on officialHostPort; resolves once it listens. */
export function startOfficialSdkHost(): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', officialHostUrl).pathname;
    const file = fileFor(path);
    if (!file || request.method !== 'GET') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': `${file.type}; charset=utf-8`, 'cache-control': 'no-store' });
    response.end(file.body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(officialHostPort, '127.0.0.1', () => resolve(server));
  });
}
