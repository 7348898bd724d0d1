/** @module delete-account — a visitor deletes their account: at the provider, the source of truth. */
import { isLatchkeyServerError } from '@latchkey/node';
import type { AppContext } from './context.js';
import type { UserRow } from './db/database.js';

export type DeleteAccountOutcome = { ok: true } | { ok: false; message: string };

/**
 * Asks Latchkey to delete the visitor's user (`DELETE /v1/users/{id}`). The local user, their
 * sessions and campaigns are deleted when the provider's `user.deleted` webhook arrives
 * (latchkey-webhooks.ts), so a deletion made by an operator takes the same path. When the
 * provider no longer knows the user, no webhook will come, so the local rows are deleted here.
 * Any other failure keeps everything and says so.
 */
export async function deleteLatchkeyAccount(app: AppContext, user: UserRow): Promise<DeleteAccountOutcome> {
  try {
    await app.latchkey().users.delete(user.latchkey_user_id);
    return { ok: true };
  } catch (error) {
    if (isLatchkeyServerError(error) && error.code === 'user_not_found') {
      await app.db.deleteFrom('users').where('id', '=', user.id).execute();
      return { ok: true };
    }
    console.error('Clickwise: the account could not be deleted at Latchkey:', error);
    return {
      ok: false,
      message:
        'Your account could not be deleted just now: the sign-in service did not accept the request. Nothing was deleted. Please try again in a minute.',
    };
  }
}
