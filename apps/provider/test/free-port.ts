/** @module free-port — (tests) a loopback port nothing listens on right now. */
import { once } from 'node:events';
import { createServer } from 'node:net';

/** A loopback port nothing listens on right now (taken, then given back). */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
