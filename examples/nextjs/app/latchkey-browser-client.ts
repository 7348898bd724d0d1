'use client';

import { createLatchkeyClient, type LatchkeyClient } from '@latchkey/client';

let client: LatchkeyClient | undefined;

// One client per page load; call it from an effect or an event handler, never while rendering on the server.
export function latchkeyBrowserClient(publicToken: string, providerUrl: string): LatchkeyClient {
  client ??= createLatchkeyClient({ publicToken, baseUrl: providerUrl });
  return client;
}
