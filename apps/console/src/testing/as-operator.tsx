/**
 * @module as-operator — (tests) a console page rendered as a signed-in operator at a URL, with the
 * provider's answers given by the test: every call goes through the console's real `api`
 * (callConsoleApi and fetch), only the network is replaced.
 */
import type { LatchkeyClient } from '@latchkey/client';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { ConsoleConfig } from '../auth/console-client.js';
import { OperatorProvider } from '../auth/operator-context.js';
import { StepUpProvider } from '../auth/step-up.js';

export interface ProviderCall {
  method: string;
  path: string;
  body: unknown;
}

/** What the provider answers a call: a JSON body (200), or `{ status, body }`. */
export type Answer = (call: ProviderCall) => unknown;

/** Answers fetch with `answer`; the calls made, in order. Undo with vi.unstubAllGlobals(). */
export function stubProvider(answer: Answer): ProviderCall[] {
  const calls: ProviderCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        path: String(input),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const answered = answer(call);
      const { status, body } =
        answered && typeof answered === 'object' && 'status' in answered
          ? (answered as { status: number; body: unknown })
          : { status: 200, body: answered ?? {} };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** Renders `element` at `url` (its route `path`) inside the signed-in console's providers. */
export function renderAsOperator(path: string, url: string, element: ReactNode) {
  const client = {
    session: { getTokens: () => ({ session_token: 'console-session' }) },
  } as unknown as LatchkeyClient;
  const config = { project_id: 'project-operators', development_issuer: null } as unknown as ConsoleConfig;
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: null },
    ],
    { initialEntries: [url] },
  );
  render(
    <OperatorProvider
      client={client}
      config={config}
      operator={{ operator_id: 'op-me', email: 'me@example.com' }}
    >
      <StepUpProvider>
        <RouterProvider router={router} />
      </StepUpProvider>
    </OperatorProvider>,
  );
  return router;
}
