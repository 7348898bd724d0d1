/** @module hooks/use-user — the current user, updated when it changes. */
import type { User } from '@latchkey/client';
import type { WidgetClient, WidgetUser } from '../widget-client.js';
import { useLatchkey } from './use-latchkey.js';
import { useSubscribed } from './use-subscribed.js';

/** The user of a widget's client, or null, kept fresh through `client.user.onChange`. */
export function useClientUser(client: WidgetClient): WidgetUser | null {
  return useSubscribed(
    client.user,
    () => client.user.getSync(),
    (callback) => client.user.onChange(callback),
  );
}

/** The signed-in user of the provider's client, or null; re-renders on `client.user.onChange`. */
export function useUser(): User | null {
  const client = useLatchkey();
  return useSubscribed(
    client.user,
    () => client.user.getSync(),
    (callback) => client.user.onChange(callback),
  );
}
