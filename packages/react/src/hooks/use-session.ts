/** @module hooks/use-session — the current session, with whether it is known yet. */
import type { Session } from '@latchkey/client';
import { useHydrated } from './use-hydrated.js';
import { useLatchkey } from './use-latchkey.js';
import { useSubscribed } from './use-subscribed.js';

/**
 * What useSession returns. Until `isLoaded` (on the server, and in the render that hydrates its
 * HTML) the session is unknown: `isSignedIn` and `session` are `undefined`.
 */
export type SessionState =
  | { isLoaded: false; isSignedIn: undefined; session: undefined }
  | { isLoaded: true; isSignedIn: false; session: null }
  | { isLoaded: true; isSignedIn: true; session: Session };

const LOADING = { isLoaded: false, isSignedIn: undefined, session: undefined } as const;

/**
 * The signed-in session of the provider's client; re-renders on `client.session.onChange`.
 * Renders the same on the server and in the hydrating render (not loaded), then the browser's.
 */
export function useSession(): SessionState {
  const client = useLatchkey();
  const hydrated = useHydrated();
  const session = useSubscribed(
    client.session,
    () => client.session.getSync(),
    (callback) => client.session.onChange(callback),
    null,
  );
  if (!hydrated) return LOADING;
  return session
    ? { isLoaded: true, isSignedIn: true, session }
    : { isLoaded: true, isSignedIn: false, session: null };
}
