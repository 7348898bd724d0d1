/**
 * @module console-boot — loads the console's configuration and makes its Latchkey client, once
 * per page load; everything below reads them from context.
 */
import type { LatchkeyClient } from '@latchkey/client';
import { LatchkeyProvider } from '@latchkey/react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { ErrorState, StartingPage } from '../components/status.js';
import { useResource } from '../lib/use-resource.js';
import { type ConsoleConfig, createConsoleClient, loadConsoleConfig } from './console-client.js';

interface Boot {
  client: LatchkeyClient;
  config: ConsoleConfig;
}

const BootContext = createContext<Boot | null>(null);
let booted: Boot | undefined;

export function ConsoleBoot({ children }: { children: ReactNode }) {
  const config = useResource('console-config', loadConsoleConfig);
  const boot = useMemo(() => {
    if (config.state !== 'ready') return undefined;
    booted ??= { client: createConsoleClient(config.data), config: config.data };
    return booted;
  }, [config]);
  if (config.state === 'loading') return <StartingPage label="Starting the console…" />;
  if (config.state === 'error')
    return (
      <main className="centered">
        <ErrorState asPage title="The console could not start" error={config.error} retry={config.retry} />
      </main>
    );
  if (!boot) return null;
  return (
    <BootContext.Provider value={boot}>
      <LatchkeyProvider client={boot.client}>{children}</LatchkeyProvider>
    </BootContext.Provider>
  );
}

export function useBoot(): Boot {
  const value = useContext(BootContext);
  if (!value) throw new Error('useBoot outside ConsoleBoot');
  return value;
}
