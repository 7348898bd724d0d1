/** @module hooks/use-user — the current user, with whether it is known yet. */
import type { User } from '@latchkey/client';
import type { WidgetClient, WidgetUser } from '../widget-client.js';
import { useHydrated } from './use-hydrated.js';
import { useLatchkey } from './use-latchkey.js';
import { useSubscribed } from './use-subscribed.js';

/**
 * What useUser returns. Until `isLoaded` (on the server, and in the render that hydrates its
 * HTML) the user is unknown: `isSignedIn` and `user` are `undefined`.
 */
export type UserState =
  | { isLoaded: false; isSignedIn: undefined; user: undefined }
  | { isLoaded: true; isSignedIn: false; user: null }
  | { isLoaded: true; isSignedIn: true; user: User };

const LOADING = { isLoaded: false, isSignedIn: undefined, user: undefined } as const;

/** The user of a widget's client, or null (also on the server), kept fresh through `client.user.onChange`. */
export function useClientUser(client: WidgetClient): WidgetUser | null {
  return useSubscribed(
    client.user,
    () => client.user.getSync(),
    (callback) => client.user.onChange(callback),
    null,
  );
}

/**
 * The signed-in user of the provider's client; re-renders on `client.user.onChange`. Renders the
 * same on the server and in the hydrating render (not loaded), then the browser's.
 */
export function useUser(): UserState {
  const client = useLatchkey();
  const hydrated = useHydrated();
  const user = useClientUser(client);
  if (!hydrated) return LOADING;
  return user
    ? { isLoaded: true, isSignedIn: true, user }
    : { isLoaded: true, isSignedIn: false, user: null };
}
