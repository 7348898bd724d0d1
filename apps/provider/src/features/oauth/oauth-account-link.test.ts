/**
 * SECURITY C6 through the whole flow: an upstream identity enters an existing account only when
 * both sides proved the address and the account has no password; otherwise 409 and nothing changes.
 */
import { describe, expect, it } from 'vitest';
import type { FakeOpenIdProvider } from '../../../test/fake-openid-provider.js';
import { givenSignedInUser, requestMagicLink } from '../../../test/magic-link-helpers.js';
import {
  authenticateOAuth,
  LOGIN_REDIRECT,
  OAUTH_TABLES,
  SIGNUP_REDIRECT,
  signInAtFake,
  tokenOf,
} from '../../../test/oauth-helpers.js';
import { givenPasswordUser } from '../../../test/password-helpers.js';
import { rowCounts } from '../../../test/row-counts.js';
import { drainDeliveries, json } from '../../../test/test-app.js';
import { useFakeOpenIdProvider } from '../../../test/use-fake-openid-provider.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();
const fake = useFakeOpenIdProvider(ctx, 'google');

const redirects = { login_redirect_url: LOGIN_REDIRECT, signup_redirect_url: SIGNUP_REDIRECT };
const snapshot = () => rowCounts(ctx, [...OAUTH_TABLES, 'passwords']);

async function expectConflict(identity: Parameters<FakeOpenIdProvider['nextIdentity']>[0]) {
  const before = await snapshot();
  fake.nextIdentity(identity);
  const redirect = await signInAtFake(ctx, fake, 'google', redirects);
  expect(`${redirect.origin}${redirect.pathname}`).toBe(LOGIN_REDIRECT);
  expect(redirect.searchParams.get('error')).toBe('oauth_account_conflict');
  expect(redirect.searchParams.get('error_description')).toBe(
    'An account with this email address already exists, so Google cannot sign in to it. Sign in the way you did before.',
  );
  expect(redirect.searchParams.get('token')).toBeNull();
  expect(await snapshot()).toEqual(before);
}

describe('an address that already has an account', () => {
  it('an unverified upstream address never enters the existing account', async () => {
    const existing = await givenSignedInUser(ctx, 'unverified-upstream@example.com');
    await expectConflict({
      sub: 'c6-unverified',
      email: 'unverified-upstream@example.com',
      email_verified: false,
    });
    // Apple's string "false" is not "true" either.
    await expectConflict({
      sub: 'c6-unverified-2',
      email: 'Unverified-Upstream@example.com',
      email_verified: 'false',
    });
    expect(existing.user_id).toMatch(/^user-test-/);
  });

  it('a verified upstream address links to a passwordless account whose address is verified (login redirect)', async () => {
    const existing = await givenSignedInUser(ctx, 'linkable@example.com');
    fake.nextIdentity({ sub: 'c6-link', email: 'LINKABLE@example.com', email_verified: true });
    const redirect = await signInAtFake(ctx, fake, 'google', redirects);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(LOGIN_REDIRECT);
    const data = json(await authenticateOAuth(ctx, tokenOf(redirect))).data;
    expect(data.user_id).toBe(existing.user_id);
    expect(data.user.emails).toHaveLength(1);
    expect(data.user.providers).toEqual([expect.objectContaining({ provider_subject: 'c6-link' })]);
    expect(data.session.authentication_factors[0].google_oauth_factor.email_id).toBe(
      data.user.emails[0].email_id,
    );
  });

  it('an account with a password is never entered by address → oauth_account_conflict', async () => {
    await givenPasswordUser(ctx, 'has-password@example.com');
    await expectConflict({ sub: 'c6-password', email: 'has-password@example.com', email_verified: true });
  });

  it('an account whose own address is unverified → oauth_account_conflict', async () => {
    // login_or_create makes the user with an unverified address until a link is used.
    expect((await requestMagicLink(ctx, 'never-clicked@example.com')).statusCode).toBe(200);
    await expectConflict({
      sub: 'c6-owner-unverified',
      email: 'never-clicked@example.com',
      email_verified: true,
    });
  });

  it('a pending user linked by a verified address becomes active', async () => {
    const sent = json(
      await requestMagicLink(ctx, 'pending@example.com', { create_user_as_pending: true }),
    ).data;
    // The pending user is made by the delivery worker, just after the answer.
    await drainDeliveries(ctx);
    await ctx.db.updateTable('emails').set({ verified: true }).where('id', '=', sent.email_id).execute();
    fake.nextIdentity({ sub: 'c6-pending', email: 'pending@example.com', email_verified: true });
    const data = json(
      await authenticateOAuth(ctx, tokenOf(await signInAtFake(ctx, fake, 'google', redirects))),
    ).data;
    expect(data.user_id).toBe(sent.user_id);
    expect(data.user.status).toBe('active');
  });
});

describe('new accounts', () => {
  it('an unverified upstream address makes a new user whose address is unverified', async () => {
    fake.nextIdentity({
      sub: 'c6-new-unverified',
      email: 'fresh-unverified@example.com',
      email_verified: false,
    });
    const redirect = await signInAtFake(ctx, fake, 'google', redirects);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(SIGNUP_REDIRECT);
    const data = json(await authenticateOAuth(ctx, tokenOf(redirect))).data;
    expect(data.user.emails).toEqual([
      { email_id: expect.any(String), email: 'fresh-unverified@example.com', verified: false },
    ]);
  });

  it('an identity without an address makes a user without one', async () => {
    fake.nextIdentity({ sub: 'c6-no-email' });
    const data = json(
      await authenticateOAuth(ctx, tokenOf(await signInAtFake(ctx, fake, 'google', redirects))),
    ).data;
    expect(data.user.emails).toEqual([]);
    expect(data.session.authentication_factors[0].google_oauth_factor).toEqual({
      id: data.user.providers[0].oauth_user_registration_id,
      provider_subject: 'c6-no-email',
    });
  });

  it('the same address at a second identity of another subject does not enter the first one unless verified', async () => {
    fake.nextIdentity({ sub: 'c6-first', email: 'shared@example.com', email_verified: false });
    const first = json(
      await authenticateOAuth(ctx, tokenOf(await signInAtFake(ctx, fake, 'google', redirects))),
    ).data;
    expect(first.user.emails[0].verified).toBe(false);
    // The first account's address is unverified, so even a verified second identity may not enter it.
    await expectConflict({ sub: 'c6-second', email: 'shared@example.com', email_verified: true });
  });
});
