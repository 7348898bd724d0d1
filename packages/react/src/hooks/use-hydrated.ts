/** @module hooks/use-hydrated — false on the server and while hydrating, true once the page is the client's. */
import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};
const onClient = () => true;
const onServer = () => false;

/**
 * Whether this render may read the browser (storage, location): false in server rendering and in
 * the hydrating render (which must match the server's HTML), true from the render right after
 * and in any render of a client-only root, which therefore never shows a loading state.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNever, onClient, onServer);
}
