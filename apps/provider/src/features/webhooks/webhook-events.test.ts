/** The change points publish their events in their transactions; the outbox carries them to a receiver. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devWalletCaller, ethereumWallet, signInWithWallet } from '../../../test/crypto-wallet-helpers.js';
import {
  authenticateMagicLinkWith,
  givenSignedInUser,
  latestToken,
  requestMagicLink,
  requestSecondaryLink,
} from '../../../test/magic-link-helpers.js';
import { givenPasswordUser, postPasswords, STRONG_PASSWORD } from '../../../test/password-helpers.js';
import { reachHardCap } from '../../../test/password-lock-helpers.js';
import { sdkPost } from '../../../test/sdk-call.js';
import { browserSessionCheck } from '../../../test/server-api-calls.js';
import { drainDeliveries } from '../../../test/test-app.js';
import { callSdk, createTotp } from '../../../test/totp-helpers.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { givenEndpoint } from '../../../test/webhook-helpers.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.js';

const ctx = useTestContext();
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  receiver.secret = (await givenEndpoint(ctx, { url: receiver.url })).secret;
});
afterAll(async () => receiver.close());
beforeEach(() => {
  ctx.clock.set(new Date());
  receiver.received.length = 0;
});

/** Delivers what is due and forgets it: the next assertions see only what follows. */
async function settle(): Promise<void> {
  await ctx.app.webhooks.drain();
  receiver.received.length = 0;
}

/** What arrived since the test began, verified, as [type, data]. */
async function delivered(): Promise<Array<[string, Record<string, unknown>]>> {
  await ctx.app.webhooks.drain();
  return receiver.received.map((r) => {
    expect(r.verifyError).toBeUndefined();
    return [r.verified?.type ?? '', r.verified?.data ?? {}];
  });
}

describe('events of the browser API', () => {
  it('a password sign-up → user.created (the user object) and session.created (the session object)', async () => {
    const created = await givenPasswordUser(ctx, 'hooked-signup@example.com');
    const events = await delivered();
    expect(events.map(([type]) => type)).toEqual(['user.created', 'session.created']);
    expect(events[0]?.[1]).toMatchObject({
      user_id: created.user_id,
      status: 'active',
      emails: [expect.objectContaining({ email: 'hooked-signup@example.com' })],
    });
    expect(events[1]?.[1]).toMatchObject({ user_id: created.user_id, session_id: expect.any(String) });
  });

  it('a sign-in → session.created; logout → session.revoked of that session', async () => {
    await givenPasswordUser(ctx, 'hooked-login@example.com');
    await settle();
    const login = await postPasswords(ctx, '/passwords/authenticate', {
      email: 'hooked-login@example.com',
      password: STRONG_PASSWORD,
      session_duration_minutes: 60,
    });
    const { session_token: token, session } = login.json().data;
    await sdkPost(ctx, '/sessions/revoke', undefined, { sessionToken: token });
    const events = await delivered();
    expect(events.map(([type, data]) => [type, data.session_id])).toEqual([
      ['session.created', session.session_id],
      ['session.revoked', session.session_id],
    ]);
  });

  it('a session check is not a session.created', async () => {
    const created = await givenPasswordUser(ctx, 'hooked-check@example.com');
    await settle();
    const check = await browserSessionCheck(ctx, created.session_token);
    expect(check.statusCode).toBe(200);
    expect(await delivered()).toEqual([]);
  });

  it('a password change → password.changed, and session.revoked for each other session it ended', async () => {
    const first = await givenPasswordUser(ctx, 'hooked-change@example.com');
    const second = await postPasswords(ctx, '/passwords/authenticate', {
      email: 'hooked-change@example.com',
      password: STRONG_PASSWORD,
      session_duration_minutes: 60,
    });
    await settle();
    const changed = await sdkPost(
      ctx,
      '/passwords/session/reset',
      { password: `${STRONG_PASSWORD}-renewed` },
      { sessionToken: second.json().data.session_token },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const events = await delivered();
    expect(events.map(([type]) => type)).toEqual(['password.changed', 'session.revoked']);
    expect(events[0]?.[1]).toMatchObject({ user_id: first.user_id });
    expect(events[1]?.[1]).toMatchObject({ user_id: first.user_id });
    expect(events[1]?.[1].session_id).not.toBe(second.json().data.session.session_id);
  });

  it('a wallet sign-up → user.created with the wallet; linking one while signed in → factor.added', async () => {
    const first = await signInWithWallet(ctx, devWalletCaller(ctx), ethereumWallet());
    expect(first.response.statusCode, first.response.body).toBe(200);
    const signedUp = await delivered();
    expect(signedUp.map(([type]) => type)).toEqual(['user.created', 'session.created']);
    expect(signedUp[0]?.[1].crypto_wallets).toHaveLength(1);
    const user = await givenPasswordUser(ctx, 'hooked-wallet@example.com');
    await settle();
    const wallet = ethereumWallet();
    const linked = await signInWithWallet(ctx, devWalletCaller(ctx, user.session_token), wallet, {
      kind: 'secondary',
    });
    expect(linked.response.statusCode, linked.response.body).toBe(200);
    const events = await delivered();
    expect(events[0]).toEqual([
      'factor.added',
      {
        user_id: user.user_id,
        factor_type: 'crypto_wallet',
        factor_id: expect.stringMatching(/^crypto-wallet-/),
      },
    ]);
  });

  it('a magic-link sign-up → user.created once the link is sent; a secondary link adds an address → factor.added', async () => {
    const asked = await requestMagicLink(ctx, 'hooked-link@example.com');
    expect(asked.statusCode).toBe(200);
    // The account the answer promised is created when the email job runs (issue 16 item 4).
    await drainDeliveries(ctx);
    const signedUp = await delivered();
    expect(signedUp.map(([type, data]) => [type, data.user_id])).toEqual([
      ['user.created', asked.json().data.user_id],
    ]);
    const signedIn = await givenSignedInUser(ctx, 'hooked-link@example.com');
    await settle();
    const sent = await requestSecondaryLink(ctx, signedIn.session_token, 'hooked-second@example.com');
    expect(sent.statusCode).toBe(200);
    const redeemed = await authenticateMagicLinkWith(
      ctx,
      signedIn.session_token,
      await latestToken(ctx, 'hooked-second@example.com'),
    );
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(await delivered()).toEqual([
      [
        'factor.added',
        { user_id: signedIn.user_id, factor_type: 'email', factor_id: expect.stringMatching(/^email-test-/) },
      ],
    ]);
  });

  it('removing an authenticator app → factor.removed', async () => {
    const user = await givenPasswordUser(ctx, 'hooked-totp@example.com');
    const totp = await createTotp(ctx, user.session_token);
    await settle();
    const removed = await callSdk(ctx, user.session_token, `/users/totps/${totp.totp_id}`, undefined, {
      method: 'DELETE',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await delivered()).toEqual([
      ['factor.removed', { user_id: user.user_id, factor_type: 'totp', factor_id: totp.totp_id }],
    ]);
  });

  it('the password lock → login.locked', async () => {
    const user = await givenPasswordUser(ctx, 'hooked-lock@example.com');
    await settle();
    await reachHardCap(ctx, 'hooked-lock@example.com');
    await ctx.app.webhooks.drain();
    // The clock moved a day past the receiver's, so read the bodies without the timestamp check.
    const locked = receiver.received.map((r) => JSON.parse(r.body)).filter((b) => b.type === 'login.locked');
    expect(locked).toEqual([
      {
        type: 'login.locked',
        timestamp: expect.any(String),
        data: expect.objectContaining({ user_id: user.user_id, lock: 'password' }),
      },
    ]);
  });
});
