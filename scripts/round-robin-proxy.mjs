#!/usr/bin/env node
/**
 * @module round-robin-proxy — a small loopback reverse proxy in front of several provider
 * instances, behaving as docs/deploy.md asks of a deployment's balancer: round robin, the client's
 * address appended to X-Forwarded-For, a connection the instance refused or cut before it was
 * made (nothing was sent) tried on the next instance, which is then left out for a while, and a
 * request that failed in flight answered 502 (it may have run, so only the client may retry it).
 * The forwarding itself is http-proxy-3's; this module only chooses the instance and records what
 * happened, for the scale-out test (apps/provider/src/scale-out.test.ts) and bench (bench/scale-out.mjs).
 *
 * As a program: `node scripts/round-robin-proxy.mjs [--keep-alive] URL…` listens on a free
 * loopback port (PORT to choose one) and prints `listening on http://127.0.0.1:PORT`.
 */
import { once } from 'node:events';
import { Agent, createServer } from 'node:http';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createProxyServer } from 'http-proxy-3';

/** A request body larger than this is refused (413): the provider's own limit is far below it. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * @param {import('./round-robin-proxy.d.mts').RoundRobinProxyOptions} options
 * @returns {Promise<import('./round-robin-proxy.d.mts').RoundRobinProxy>}
 */
export async function startRoundRobinProxy({
  targets,
  port = 0,
  keepAlive = true,
  downMs = 5000,
  record = false,
  onUpstreamConnected,
}) {
  if (targets.length === 0) throw new Error('round-robin proxy: no targets');
  for (const target of targets)
    if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\]):\d+\/?$/.test(target))
      throw new Error(`round-robin proxy: refusing a non-loopback target ${target}`);
  // No keep-alive: every request opens its own connection, so a dead instance always shows as a
  // refused connection rather than as a reused socket that the kernel has already closed.
  const agent = new Agent({ keepAlive, maxSockets: Number.POSITIVE_INFINITY });
  const proxy = createProxyServer({ xfwd: true, agent });
  const downUntil = targets.map(() => 0);
  const records = [];
  /** @type {WeakMap<import('node:http').IncomingMessage, import('./round-robin-proxy.d.mts').ProxiedRequest>} */
  const entries = new WeakMap();
  let next = 0;

  /** The next instance in turn that is not left out; all of them when every one is. */
  const pick = () => {
    const now = performance.now();
    for (let step = 0; step < targets.length; step += 1) {
      const candidate = (next + step) % targets.length;
      if (downUntil[candidate] <= now) {
        next = candidate + 1;
        return candidate;
      }
    }
    const candidate = next % targets.length;
    next = candidate + 1;
    return candidate;
  };

  proxy.on('proxyReq', (_proxyReq, req, _res, _options, socket) => {
    const entry = entries.get(req);
    const attempt = entry?.attempts.at(-1);
    if (!entry || !attempt) return;
    const connected = () => {
      attempt.connected = true;
      onUpstreamConnected?.(entry, attempt.backend);
    };
    if (socket.connecting) socket.once('connect', connected);
    else connected();
  });
  proxy.on('proxyRes', (proxyRes, req, res) => {
    const entry = entries.get(req);
    if (!entry) return;
    entry.status = proxyRes.statusCode;
    // Which instance answered, as balancers commonly say (X-Served-By).
    res.setHeader('x-served-by', String(entry.attempts.at(-1)?.backend));
  });

  const server = createServer(async (req, res) => {
    const chunks = [];
    let size = 0;
    try {
      for await (const chunk of req) {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          res.writeHead(413, { connection: 'close' }).end();
          return;
        }
        chunks.push(chunk);
      }
    } catch {
      // The client went away before its request was complete: nothing to forward.
      res.destroy();
      return;
    }
    const body = Buffer.concat(chunks);
    const entry = { method: req.method ?? 'GET', path: req.url ?? '/', attempts: [] };
    entries.set(req, entry);
    if (record) records.push(entry);
    const forward = () => {
      const backend = pick();
      const attempt = { backend, dispatchedAt: performance.now() };
      entry.attempts.push(attempt);
      // The body was read above, so each try replays it from memory.
      const buffer = Readable.from(body.length > 0 ? [body] : []);
      proxy.web(req, res, { target: targets[backend], buffer }, (error) => {
        const code = /** @type {NodeJS.ErrnoException} */ (error).code ?? error.message;
        attempt.error = code;
        // Failed before the connection was made (refused, or reset by an instance killed with the
        // connection in its accept queue): the instance never saw the request, so another may take it.
        if (!attempt.connected) {
          downUntil[backend] = performance.now() + downMs;
          if (entry.attempts.length < targets.length && !res.headersSent) return forward();
        }
        entry.error = code;
        if (res.headersSent) {
          res.destroy();
          return;
        }
        const answer = {
          status_code: 502,
          error_type: 'bad_gateway',
          error_message: `The instance failed before it answered (${code}); the request may have run.`,
        };
        res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    };
    forward();
  });
  // Idle client connections stay open as long as a balancer keeps them (nginx 75 s, AWS ALB 60 s).
  // With Node's 5 s, a client reusing its idle connection just as the proxy closed it got
  // ECONNRESET before the proxy saw the request (a POST is not retried): scale-out.test.ts did,
  // after waiting out a login delay on a loaded machine.
  server.keepAliveTimeout = 65_000;
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    records,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      proxy.close();
      agent.destroy();
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const keepAlive = args.includes('--keep-alive');
  const targets = args.filter((arg) => !arg.startsWith('--'));
  const proxy = await startRoundRobinProxy({ targets, keepAlive, port: Number(process.env.PORT ?? 0) });
  console.log(`listening on ${proxy.url}`);
  const stop = () => void proxy.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
