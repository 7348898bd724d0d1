/**
 * @module console-client — the Latchkey client the console signs operators in with: the
 * provider's operator project (GET /v1/console/config), served from this same origin. Its
 * cookies are the console's own names under /console, so a page of another local app on the same
 * host (localhost cookies ignore the port) never reads or overwrites the console's session.
 */
import { createLatchkeyClient, type LatchkeyClient } from '@latchkey/client';

/** What GET /v1/console/config answers. */
export interface ConsoleConfig {
  project_id: string;
  public_token: string;
  session_idle_minutes: number;
  session_max_minutes: number;
  step_up_window_minutes: number;
  /** The provider's development OpenID issuer (development only), offered as an OAuth provider. */
  development_issuer: string | null;
}

/** Reads the console's configuration; throws when the provider does not answer it. */
export async function loadConsoleConfig(): Promise<ConsoleConfig> {
  const response = await fetch('/v1/console/config', { headers: { accept: 'application/json' } });
  if (!response.ok)
    throw new Error(`The provider answered ${response.status} for the console's configuration.`);
  return (await response.json()) as ConsoleConfig;
}

/** The console's cookie names and path. */
export const CONSOLE_COOKIES = {
  opaqueTokenCookieName: 'latchkey_console_session',
  jwtCookieName: 'latchkey_console_session_jwt',
  istCookieName: 'latchkey_console_ist',
  path: '/console',
} as const;

/** A client of the operator project. */
export function createConsoleClient(config: ConsoleConfig): LatchkeyClient {
  return createLatchkeyClient({
    publicToken: config.public_token,
    baseUrl: window.location.origin,
    cookieOptions: CONSOLE_COOKIES,
  });
}
