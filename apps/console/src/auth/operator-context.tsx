/**
 * @module operator-context — who is signed in to the console: the client, the operator the
 * provider says the session belongs to, and an `api` that calls as them. A 401 from the API
 * (the session ended: 30 minutes idle or 12 hours) signs the console out, so the page shows the
 * sign-in instead of an error.
 */
import type { LatchkeyClient } from '@latchkey/client';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { ConsoleApiError, callConsoleApi, type HttpMethod } from '../api/console-api.js';
import type { ConsoleConfig } from './console-client.js';

/** What GET /v1/console/me answers. */
export interface ConsoleOperator {
  operator_id: string;
  email: string | null;
}

export type ConsoleApi = <T = Record<string, unknown>>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  projectId?: string,
) => Promise<T>;

interface OperatorContextValue {
  client: LatchkeyClient;
  config: ConsoleConfig;
  operator: ConsoleOperator;
  api: ConsoleApi;
  signOut(): Promise<void>;
}

const OperatorContext = createContext<OperatorContextValue | null>(null);

/** Ends the console session here and at the provider (a failure there still signs this tab out). */
export async function signOutOf(client: LatchkeyClient): Promise<void> {
  try {
    await client.session.revoke();
  } catch {
    // Revoked or expired already: the local sign-out below is what the operator asked for.
  }
}

export function OperatorProvider(props: {
  client: LatchkeyClient;
  config: ConsoleConfig;
  operator: ConsoleOperator;
  children: ReactNode;
}) {
  const { client, config, operator } = props;
  const api = useCallback<ConsoleApi>(
    async (method, path, body, projectId) => {
      try {
        return await callConsoleApi(client, method, path, body, projectId);
      } catch (error) {
        if (error instanceof ConsoleApiError && error.status === 401) void signOutOf(client);
        throw error;
      }
    },
    [client],
  );
  const value = useMemo(
    () => ({ client, config, operator, api, signOut: () => signOutOf(client) }),
    [client, config, operator, api],
  );
  return <OperatorContext.Provider value={value}>{props.children}</OperatorContext.Provider>;
}

/** The signed-in operator's context; only inside OperatorProvider. */
export function useOperator(): OperatorContextValue {
  const value = useContext(OperatorContext);
  if (!value) throw new Error('useOperator outside OperatorProvider');
  return value;
}
