/** @module hooks/latchkey-context — the React context that carries the client to widgets and hooks. */
import type { LatchkeyClient } from '@latchkey/client';
import { type Context, createContext } from 'react';

/** The client given to <LatchkeyProvider>; `null` outside one. */
export const LatchkeyContext: Context<LatchkeyClient | null> = createContext<LatchkeyClient | null>(null);
