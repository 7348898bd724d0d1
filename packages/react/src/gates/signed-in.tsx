/** @module gates/signed-in — <SignedIn>: its children only for a signed-in visitor. */
import type { ReactElement, ReactNode } from 'react';
import { useSession } from '../hooks/use-session.js';

/**
 * Renders `children` once the session is known and there is one. Nothing on the server and in
 * the hydrating render (the session lives in the browser), so hydration always matches.
 */
export function SignedIn({ children }: { children?: ReactNode }): ReactElement | null {
  const { isSignedIn } = useSession();
  return isSignedIn ? <>{children}</> : null;
}
