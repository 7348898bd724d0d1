/**
 * @module google-sign-in — whether the sign-in modal offers "Continue with Google": when the
 * Latchkey project has Google configured, as its public bootstrap lists it (in development the
 * provider's own development project always has it, through its development OpenID issuer).
 * CLICKWISE_GOOGLE_OAUTH=1 or 0 overrides the answer.
 */
import type { Clock } from './clock.js';

/** Long enough that pages do not ask on every load; short enough that `oauth set` shows soon. */
export const GOOGLE_CHECK_TTL_MS = 30_000;
/** The provider may still be starting; ask again soon after a failure. */
const FAILURE_TTL_MS = 5_000;
const TIMEOUT_MS = 2_000;

/** What the check needs. */
export interface GoogleSignInCheckOptions {
  providerUrl: string;
  /** The project's public token (read lazily: in development the provider writes it on start). */
  publicToken(): string;
  clock: Clock;
  /** CLICKWISE_GOOGLE_OAUTH: true or false decides; null asks the project. */
  override: boolean | null;
  fetch?: typeof fetch;
}

/** True when the bootstrap lists Google among the project's OAuth providers. */
function listsGoogle(body: unknown): boolean {
  const providers = (body as { data?: { oauth_providers?: unknown } } | null)?.data?.oauth_providers;
  return (
    Array.isArray(providers) &&
    providers.some((entry) => (entry as { provider_type?: unknown } | null)?.provider_type === 'google')
  );
}

/** Creates the check; its answer is cached, and a provider that cannot be asked means no Google. */
export function createGoogleSignInCheck(options: GoogleSignInCheckOptions): () => Promise<boolean> {
  const doFetch = options.fetch ?? fetch;
  let cached: { value: boolean; until: number } | undefined;
  let pending: Promise<boolean> | undefined;

  async function ask(): Promise<boolean> {
    const now = options.clock.now().getTime();
    try {
      const url = `${options.providerUrl}/sdk/v1/projects/bootstrap/${encodeURIComponent(options.publicToken())}`;
      const response = await doFetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`the bootstrap answered HTTP ${response.status}`);
      const value = listsGoogle(await response.json());
      cached = { value, until: now + GOOGLE_CHECK_TTL_MS };
      return value;
    } catch {
      cached = { value: false, until: now + FAILURE_TTL_MS };
      return false;
    }
  }

  return async () => {
    if (options.override !== null) return options.override;
    if (cached && cached.until > options.clock.now().getTime()) return cached.value;
    pending ??= ask().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}
