/**
 * The hosted provider's official server SDK (`stytch` 14, a devDependency of the tests only),
 * pointed at the test context's provider over loopback: the strongest check of wire compatibility.
 */
import type { AddressInfo } from 'node:net';
import * as stytch from 'stytch';
import { beforeAll } from 'vitest';
import type { TestContext } from './test-app.js';

/** Listens on a loopback port before the file's tests and answers the SDK client pointed at it. */
export function useOfficialServerSdk(ctx: TestContext): () => stytch.Client {
  let client: stytch.Client | undefined;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    // `env` is how the SDK takes a plain-http base URL (its custom_base_url insists on https); it
    // warns about that once, which is noise here.
    const warn = console.warn;
    console.warn = () => {};
    try {
      client = new stytch.Client({
        project_id: ctx.dev.project_id,
        secret: ctx.dev.secret,
        env: `http://127.0.0.1:${port}/`,
      });
    } finally {
      console.warn = warn;
    }
  });
  return () => {
    if (!client) throw new Error('the SDK client is made before the first test');
    return client;
  };
}
