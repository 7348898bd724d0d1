/** @module current-user — the signed-in user of the request being rendered, read from the provider. */

import type { User } from '@latchkey/node/edge';
import { auth } from './auth.js';
import type { LatchkeyNextOptions } from './latchkey-options.js';
import { latchkeyServerClient } from './latchkey-options.js';

/**
 * The signed-in user, or `null`: {@link auth}, then `GET /v1/users/{user_id}` with the project
 * secret (so names, addresses and metadata are current, not the JWT's copy). Throws
 * `LatchkeyServerError` when the provider cannot answer for a signed-in user.
 */
export async function currentUser(options: LatchkeyNextOptions = {}): Promise<User | null> {
  const signedIn = await auth(options);
  if (signedIn.userId === null) return null;
  if (signedIn.user !== undefined) return signedIn.user;
  return (await latchkeyServerClient(options).users.get(signedIn.userId)) as User;
}
