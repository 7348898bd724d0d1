/** Starts bench/lib/bare-server.mjs (the node:http ceiling) as a child and waits for its port. */
import { fileURLToPath } from 'node:url';
import { startNodeChild } from './child-process.mjs';

/** @returns {Promise<{ url: string, pid: number, stop: () => Promise<void> }>} */
export async function startBareServer(bodyBytes) {
  const handle = startNodeChild([fileURLToPath(new URL('./bare-server.mjs', import.meta.url))], {
    env: { ...process.env, BODY_BYTES: String(bodyBytes), PORT: '0' },
  });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`bare server did not start:\n${handle.output()}`)),
      10_000,
    );
    handle.onLine((line) => {
      const match = line.match(/^listening (\d+)$/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return { url: `http://127.0.0.1:${port}`, pid: handle.child.pid, stop: handle.stop };
}
