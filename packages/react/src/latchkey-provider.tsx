/** @module latchkey-provider — <LatchkeyProvider client>: hands one client to widgets and hooks. */

import type { LatchkeyClient } from '@latchkey/client';
import type { ReactElement, ReactNode } from 'react';
import { LatchkeyContext } from './hooks/latchkey-context.js';

/** Props of LatchkeyProvider. */
export interface LatchkeyProviderProps {
  client: LatchkeyClient;
  children?: ReactNode;
}

/** Makes `client` available to <SignIn>, <ResetPassword>, <PasskeyRegistration> and the hooks below. */
export function LatchkeyProvider({ client, children }: LatchkeyProviderProps): ReactElement {
  return <LatchkeyContext.Provider value={client}>{children}</LatchkeyContext.Provider>;
}
