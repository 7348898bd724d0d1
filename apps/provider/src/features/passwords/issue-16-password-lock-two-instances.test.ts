/**
 * Issue 16 item 3 on two provider instances sharing one PostgreSQL database (SECURITY A4, A8):
 * failures through either count together, the lock holds on both, and the owner is told once.
 */
import { describe, expect, it } from 'vitest';
import { givenVerifiedEmail } from '../../../test/given-factors.js';
import {
  givenPasswordUser,
  NEW_PASSWORD,
  resetPasswordByEmail,
  STRONG_PASSWORD,
} from '../../../test/password-helpers.js';
import {
  failLogins,
  LOCK_NOTICE_SUBJECT,
  passwordLockRows,
  passwordLogin,
  REFUSED_LOGIN,
  securityEvents,
  visible,
  WRONG_PASSWORD,
} from '../../../test/password-lock-helpers.js';
import { testDatabaseUrl } from '../../../test/test-database.js';
import { useTwoInstances } from '../../../test/use-two-instances.js';
import { sha256Base64url } from '../../crypto/hash.js';
import { HARD_CAP } from './password-policy.js';

describe.skipIf(!testDatabaseUrl)('two provider instances on one PostgreSQL database', () => {
  const { ctx, second, mail, logs } = useTwoInstances();

  const notices = (email: string) =>
    [...mail[0].sent, ...mail[1].sent].filter(
      (message) => message.to === email && message.subject === LOCK_NOTICE_SUBJECT,
    );

  it('failures split across both reach the cap together; the lock holds on both; one lock, one notice per address', async () => {
    const { user_id } = await givenPasswordUser(ctx, 'split@example.com');
    await givenVerifiedEmail(ctx, user_id, 'split-other@example.com');
    const apps = [ctx.app, second.app];
    // Round-robin: each instance sees only half, yet the shared counter holds all of them.
    await failLogins(ctx, 'split@example.com', HARD_CAP - 1, apps);
    const counter = await second.db
      .selectFrom('login_failures')
      .select('failures')
      .where('key_hash', '=', sha256Base64url('split@example.com'))
      .where('scope', '=', 'password_login.account')
      .executeTakeFirstOrThrow();
    expect(counter.failures).toBe(HARD_CAP - 1);
    // The account's other address is one failure from the cap too.
    await second.db
      .insertInto('login_failures')
      .values({
        project_id: ctx.dev.project.id,
        scope: 'password_login.account',
        key_hash: sha256Base64url('split-other@example.com'),
        failures: HARD_CAP - 1,
        locked_until: null,
        last_failure_at: ctx.clock.now(),
      })
      .execute();
    ctx.clock.advance(15 * 60 * 1000);
    // Both addresses reach the cap at once, on different instances: two lock attempts race.
    const racing = await Promise.all([
      passwordLogin(ctx, 'split@example.com', WRONG_PASSWORD, ctx.app),
      passwordLogin(ctx, 'split-other@example.com', WRONG_PASSWORD, second.app),
      passwordLogin(ctx, 'split@example.com', WRONG_PASSWORD, second.app),
      passwordLogin(ctx, 'split-other@example.com', WRONG_PASSWORD, ctx.app),
    ]);
    expect(racing.map(visible)).toEqual(Array(4).fill(REFUSED_LOGIN));
    // Hours later, the right password is refused on either instance, under either address.
    ctx.clock.advance(13 * 60 * 60 * 1000);
    for (const app of apps) {
      expect(visible(await passwordLogin(ctx, 'split@example.com', STRONG_PASSWORD, app))).toEqual(
        REFUSED_LOGIN,
      );
      expect(visible(await passwordLogin(ctx, 'split-other@example.com', STRONG_PASSWORD, app))).toEqual(
        REFUSED_LOGIN,
      );
    }
    // One lock, logged once, and one notice per address, whichever instance won the race.
    const locks = await passwordLockRows(ctx, user_id);
    expect(locks).toHaveLength(1);
    const lockedEvents = [
      ...securityEvents(logs[0].lines, 'password_login_locked'),
      ...securityEvents(logs[1].lines, 'password_login_locked'),
    ];
    expect(lockedEvents).toEqual([expect.objectContaining({ user_id, lockout_id: locks[0]?.id })]);
    expect(notices('split@example.com')).toHaveLength(1);
    expect(notices('split-other@example.com')).toHaveLength(1);

    // A reset by email completed on one instance ends the lock for both.
    const done = await resetPasswordByEmail(ctx, 'split@example.com', NEW_PASSWORD, { app: second.app });
    expect(done.statusCode).toBe(200);
    for (const app of apps) {
      expect((await passwordLogin(ctx, 'split-other@example.com', NEW_PASSWORD, app)).statusCode).toBe(200);
    }
    expect(securityEvents(logs[1].lines, 'password_login_unlocked')).toEqual([
      expect.objectContaining({ user_id, unlock_reason: 'password_reset_by_email' }),
    ]);
  });
});
