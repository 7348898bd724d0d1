/** @module gates/signed-out — <SignedOut>: its children only for a visitor known to be signed out. */
import type { ReactElement, ReactNode } from 'react';
import { useSession } from '../hooks/use-session.js';

/**
 * Renders `children` once the session is known and there is none. Nothing on the server and in
 * the hydrating render, so a signed-in visitor never sees a flash of the signed-out content.
 */
export function SignedOut({ children }: { children?: ReactNode }): ReactElement | null {
  const { isSignedIn } = useSession();
  return isSignedIn === false ? <>{children}</> : null;
}
