/** The test TCP proxies' plumbing: one accepted client joined to a fresh connection to the target. */
import { connect, type Socket } from 'node:net';

/**
 * Connects to `target` for `client`, keeps both sockets in `open` while they live (so the proxy can
 * cut them) and destroys both when either fails, so neither side hangs on a half-dead pair.
 * Returns the upstream socket; the caller decides how bytes flow between the two.
 */
export function pairSockets(
  client: Socket,
  target: { host: string; port: number },
  open: Set<Socket>,
): Socket {
  const upstream = connect(target.port, target.host);
  for (const socket of [client, upstream]) {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => {
      client.destroy();
      upstream.destroy();
    });
  }
  return upstream;
}
