/**
 * A loopback TCP proxy that can be switched off and on: off refuses new connections and cuts the
 * open ones, like a database host that goes away and comes back (SECURITY J2/J3, /readyz).
 */
import { createServer, type Server, type Socket } from 'node:net';
import { pairSockets } from './pair-sockets.js';

/** A running proxy. */
export interface SwitchableTcpProxy {
  port: number;
  /** Cuts every open connection and refuses new ones until `up()`. */
  down(): void;
  up(): void;
  close(): Promise<void>;
}

/** Proxies 127.0.0.1:{port} to `target`. */
export async function startSwitchableTcpProxy(target: {
  host: string;
  port: number;
}): Promise<SwitchableTcpProxy> {
  let isUp = true;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (!isUp) {
      client.destroy();
      return;
    }
    const upstream = pairSockets(client, target, open);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  return {
    port: address.port,
    down() {
      isUp = false;
      for (const socket of open) socket.destroy();
    },
    up() {
      isUp = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
