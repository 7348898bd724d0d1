/**
 * A loopback TCP proxy for one connection that can hold back what the server sends and release
 * it in pieces, so a test can decide exactly when a client hears each server message (the
 * change feed's sync order, issue 18). It also counts the simple-query messages the client sends.
 * It watches the first client connection (the feed's listener); later ones (the notification the
 * feed sends itself from another connection before it goes live) pass straight through.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { pairSockets } from './pair-sockets.js';

/** A running proxy. */
export interface HoldingTcpProxy {
  port: number;
  /** From now on, keep what the server sends instead of passing it on. */
  hold(): void;
  /** What the server sent while held and has not been released yet. */
  held(): Buffer;
  /** Passes on the first `bytes` held bytes (all of them when left out); holding goes on. */
  release(bytes?: number): void;
  /** Releases everything and passes server bytes straight through again. */
  passThrough(): void;
  /** Simple-query messages ('Q') the client has sent so far. */
  queriesSent(): number;
  close(): Promise<void>;
}

/** Proxies 127.0.0.1:{port} to `target`, holding and counting on the first client connection. */
export async function startHoldingTcpProxy(target: { host: string; port: number }): Promise<HoldingTcpProxy> {
  let holding = false;
  let pending = Buffer.alloc(0);
  let queries = 0;
  let toClient: Socket | undefined;
  // Client → server is parsed only to count messages: a PostgreSQL message after the startup
  // packet is one type byte and a 4-byte length that counts itself.
  let fromClient = Buffer.alloc(0);
  let startupSeen = false;
  const open = new Set<Socket>();

  const countClientMessages = (chunk: Buffer) => {
    fromClient = Buffer.concat([fromClient, chunk]);
    for (;;) {
      if (!startupSeen) {
        // Startup (and SSL request) packets: a 4-byte length with no type byte. pg sends no SSL
        // request without ssl options, so the first packet is the startup message.
        if (fromClient.length < 4) return;
        const length = fromClient.readUInt32BE(0);
        if (fromClient.length < length) return;
        fromClient = fromClient.subarray(length);
        startupSeen = true;
        continue;
      }
      if (fromClient.length < 5) return;
      const length = fromClient.readUInt32BE(1);
      if (fromClient.length < 1 + length) return;
      if (fromClient[0] === 0x51) queries += 1;
      fromClient = fromClient.subarray(1 + length);
    }
  };

  const server: Server = createServer((client) => {
    const upstream = pairSockets(client, target, open);
    if (toClient !== undefined) {
      client.pipe(upstream).pipe(client);
      return;
    }
    toClient = client;
    client.on('data', (chunk: Buffer) => {
      countClientMessages(chunk);
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (holding) pending = Buffer.concat([pending, chunk]);
      else client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');

  const release = (bytes = pending.length) => {
    const out = pending.subarray(0, bytes);
    pending = pending.subarray(bytes);
    if (out.length > 0) toClient?.write(out);
  };
  return {
    port: address.port,
    hold() {
      holding = true;
    },
    held: () => pending,
    release,
    passThrough() {
      release();
      holding = false;
    },
    queriesSent: () => queries,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
