/** The hosted provider's official server SDK (`stytch` 14) pointed at the test app over loopback: the strongest proof of wire compatibility. */
import type { AddressInfo } from 'node:net';
import * as stytch from 'stytch';
import { beforeAll } from 'vitest';
import type { TestContext } from './test-app.js';

/** Listens on a loopback port before the file's tests and returns the client of the dev project (call at the top level). */
export function useOfficialServerSdk(ctx: TestContext): () => stytch.Client {
  let client: stytch.Client | undefined;
  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as AddressInfo;
    // `env` is how the SDK takes a non-https base URL (wire/server-api.md); it warns once about it.
    client = new stytch.Client({
      project_id: ctx.dev.project_id,
      secret: ctx.dev.secret,
      env: `http://127.0.0.1:${port}/`,
    });
  });
  return () => {
    if (!client) throw new Error('the official SDK client is made in beforeAll');
    return client;
  };
}
