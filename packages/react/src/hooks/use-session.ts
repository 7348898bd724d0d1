/** @module hooks/use-session — the current session, updated when it changes. */
import type { Session } from '@latchkey/client';
import { useLatchkey } from './use-latchkey.js';
import { useSubscribed } from './use-subscribed.js';

/** The signed-in session, or null; re-renders on `client.session.onChange`. */
export function useSession(): Session | null {
  const client = useLatchkey();
  return useSubscribed(
    client.session,
    () => client.session.getSync(),
    (callback) => client.session.onChange(callback),
  );
}
