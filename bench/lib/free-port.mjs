/** Finds a free TCP port on 127.0.0.1 by binding port 0 and releasing it. */
import { createServer } from 'node:net';

export function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
