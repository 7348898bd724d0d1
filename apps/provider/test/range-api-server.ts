/** A Pwned-Passwords-style range API on 127.0.0.1 for tests: real HTTP, a fixture of breached passwords. */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the server answers: ranges, a 503, or never (the caller's timeout must end it). */
export type RangeApiMode = 'ok' | 'unavailable' | 'hang';

export interface RangeApiServer {
  /** The range endpoint's prefix, e.g. `http://127.0.0.1:5123/range/`. */
  url: string;
  /** Every request seen: its path and its Add-Padding header. */
  requests: Array<{ path: string; addPadding: string | undefined }>;
  mode: RangeApiMode;
  /** Lists `password` as breached from now on. */
  add(password: string): void;
  close(): Promise<void>;
}

/** The password's SHA-1 as the range API lists it: upper-case hex, its first five characters the range. */
export const passwordSha1 = (text: string) =>
  createHash('sha1').update(text, 'utf8').digest('hex').toUpperCase();

/**
 * Starts the server with `breached` listed. Every answer carries padding lines (count 0), as the
 * real API's do. For a test in another process (the end-to-end stack) it also takes
 * `POST /control/list` `{password}` and `POST /control/mode` `{mode}`.
 */
export async function startRangeApi(
  breached: readonly string[] = [],
  options: { port?: number } = {},
): Promise<RangeApiServer> {
  const listed = new Set(breached.map(passwordSha1));
  let server: Server | undefined;
  const api: RangeApiServer = {
    url: '',
    requests: [],
    mode: 'ok',
    add: (password) => listed.add(passwordSha1(password)),
    close: () =>
      new Promise((resolve) => {
        server?.closeAllConnections();
        server?.close(() => resolve());
      }),
  };
  server = createServer(async (request, response) => {
    const path = request.url ?? '';
    if (request.method === 'POST' && path.startsWith('/control/')) {
      const body = JSON.parse((await request.toArray()).join('') || '{}') as {
        password?: string;
        mode?: RangeApiMode;
      };
      if (path === '/control/list' && body.password) api.add(body.password);
      if (path === '/control/mode' && body.mode) api.mode = body.mode;
      response.writeHead(204).end();
      return;
    }
    const addPadding = request.headers['add-padding'];
    api.requests.push({ path, addPadding: Array.isArray(addPadding) ? addPadding[0] : addPadding });
    if (api.mode === 'hang') return;
    const prefix = /^\/range\/([0-9A-F]{5})$/.exec(path)?.[1];
    if (api.mode === 'unavailable' || !prefix) {
      response.writeHead(api.mode === 'unavailable' ? 503 : 404).end();
      return;
    }
    const lines = [...listed].filter((hash) => hash.startsWith(prefix)).map((hash) => `${hash.slice(5)}:42`);
    lines.push(`${'0'.repeat(35)}:0`, `${'F'.repeat(35)}:0`);
    response.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\r\n'));
  });
  // Longer than any test's pauses: a POST sent on a keep-alive socket the server is closing fails
  // ('other side closed') and fetch does not retry it.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/range/`;
  return api;
}
