/** @module gates/protect — <Protect>: its children for a signed-in visitor who meets a condition. */
import type { Session, User } from '@latchkey/client';
import type { ReactElement, ReactNode } from 'react';
import { useSession } from '../hooks/use-session.js';
import { useUser } from '../hooks/use-user.js';

/** What a <Protect> condition is given: the signed-in session and its user (null while the user is unknown). */
export interface ProtectContext {
  session: Session;
  user: User | null;
}

/** Props of Protect. */
export interface ProtectProps {
  /** Must hold as well as being signed in, e.g. `({ user }) => hasVerifiedEmail(user)`. */
  condition?: (context: ProtectContext) => boolean;
  /** Shown to a visitor who is signed out or fails `condition` (default nothing). */
  fallback?: ReactNode;
  /** Shown while the session is not known yet: on the server and in the hydrating render (default nothing). */
  loading?: ReactNode;
  children?: ReactNode;
}

/** Renders `children` for a signed-in visitor who meets `condition`, else `fallback`. */
export function Protect({
  condition,
  fallback = null,
  loading = null,
  children,
}: ProtectProps): ReactElement {
  const session = useSession();
  const { user } = useUser();
  if (!session.isLoaded) return <>{loading}</>;
  const allowed =
    session.isSignedIn && (!condition || condition({ session: session.session, user: user ?? null }));
  return <>{allowed ? children : fallback}</>;
}
