// The demo host page: an integrator's site on its own origin, serving the standalone widget bundle.

import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const port = Number(process.env.DEMO_PORT ?? 4100);
const providerUrl = process.env.PROVIDER_URL ?? 'http://localhost:4000';
const dataDir = resolve(process.env.LATCHKEY_DATA_DIR ?? join(repoRoot, '.data'));
// Where Google's sign-in script comes from; the e2e stack points it at its stand-in for Google.
const googleSignInScriptURL = process.env.GOOGLE_SIGN_IN_SCRIPT_URL || undefined;
// Where reCAPTCHA Enterprise's script comes from (captcha projects); the e2e stack points it at its stand-in.
const recaptchaScriptURL = process.env.RECAPTCHA_SCRIPT_URL || undefined;
const standaloneDir = join(repoRoot, 'packages/react/dist/standalone');

const assets = {
  '/demo.js': { file: join(here, 'public/demo.js'), type: 'text/javascript; charset=utf-8' },
  '/demo.css': { file: join(here, 'public/demo.css'), type: 'text/css; charset=utf-8' },
  '/favicon.svg': { file: join(here, 'public/favicon.svg'), type: 'image/svg+xml' },
};
// The widget bundle and its chunks (latchkey-phone.js, latchkey-one-tap.js, latchkey-passkey-*.js),
// which the widget loads from beside itself on first use of their feature: every file the build wrote.
const STANDALONE_FILE = /^\/(latchkey-[a-z-]+\.js)$/;
// Pages that may carry a one-time token in their URL: never leak it through Referer (SECURITY I5).
const pages = new Set(['/', '/authenticate', '/reset-password']);

/**
 * The page learns its project's public token the way an integrator would: from its own config.
 * `?project=NAME` picks `NAME-project.json` beside the dev project's file (the e2e stack writes a
 * LUDS project there with the provider's CLI); without it, the dev project.
 */
async function pageConfig(url) {
  const name = url.searchParams.get('project');
  const file = name && /^[a-z0-9-]{1,40}$/.test(name) ? `${name}-project.json` : 'dev-project.json';
  const project = JSON.parse(await readFile(join(dataDir, file), 'utf8'));
  return {
    publicToken: project.public_token,
    providerUrl,
    project: file === 'dev-project.json' ? null : name,
    googleSignInScriptURL,
    recaptchaScriptURL,
  };
}

function escapeJsonForHtml(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  try {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (pages.has(url.pathname)) {
      const html = await readFile(join(here, 'public/index.html'), 'utf8');
      const body = html.replace('"__LATCHKEY_CONFIG__"', escapeJsonForHtml(await pageConfig(url)));
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const standaloneFile = STANDALONE_FILE.exec(url.pathname)?.[1];
    const asset =
      assets[url.pathname] ??
      (standaloneFile && {
        file: join(standaloneDir, standaloneFile),
        type: 'text/javascript; charset=utf-8',
      });
    if (asset) {
      const body = await readFile(asset.file);
      res.writeHead(200, { 'content-type': asset.type, 'cache-control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  } catch (error) {
    const missing = error && error.code === 'ENOENT';
    res.writeHead(missing ? 503 : 500, { 'content-type': 'text/plain' });
    res.end(
      missing
        ? `Not ready: ${error.path} is missing (is the provider running and the widget built?)`
        : 'Error',
    );
  }
});

server.listen(port, '127.0.0.1', () => {
  console.log(`demo host page on http://localhost:${port} (provider ${providerUrl})`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
