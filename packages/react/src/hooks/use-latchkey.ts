/** @module hooks/use-latchkey — the client of the nearest <LatchkeyProvider>. */
import type { LatchkeyClient } from '@latchkey/client';
import { useContext } from 'react';
import type { WidgetClient } from '../widget-client.js';
import { LatchkeyContext } from './latchkey-context.js';

/** The client; throws when there is no <LatchkeyProvider> above, which is a wiring mistake. */
export function useLatchkey(): LatchkeyClient {
  const client = useContext(LatchkeyContext);
  if (!client) throw new Error('Latchkey: useLatchkey() needs a <LatchkeyProvider client={…}> above it.');
  return client;
}

/** The explicit client if given, else the provider's (widgets need only the WidgetClient subset). */
export function useWidgetClient(explicit: WidgetClient | undefined): WidgetClient {
  const fromContext = useContext(LatchkeyContext);
  const client = explicit ?? fromContext;
  if (!client)
    throw new Error('Latchkey: pass `client` or render the widget inside <LatchkeyProvider client={…}>.');
  return client;
}
