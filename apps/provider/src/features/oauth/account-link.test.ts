/** decideAccountLink: every branch of SECURITY C6's rule, table-driven. */
import { describe, expect, it } from 'vitest';
import { type AccountLinkFacts, decideAccountLink, type EmailOwner } from './account-link.js';

const owner = (overrides: Partial<EmailOwner> = {}): EmailOwner => ({
  userId: 'user-test-owner',
  emailId: 'email-test-owner',
  emailVerified: true,
  hasPassword: false,
  ...overrides,
});

describe('decideAccountLink', () => {
  const cases: Array<[string, AccountLinkFacts, ReturnType<typeof decideAccountLink>]> = [
    [
      'a linked identity signs its user in, whatever the address says',
      {
        registeredUserId: 'user-test-linked',
        identity: { email: 'x@example.com', emailVerified: false },
        emailOwner: owner(),
      },
      { action: 'login', userId: 'user-test-linked' },
    ],
    [
      'no address: a new user without one',
      { registeredUserId: undefined, identity: { email: null, emailVerified: false }, emailOwner: undefined },
      { action: 'signup', email: null },
    ],
    [
      'an unused verified address: a new user with it, verified',
      {
        registeredUserId: undefined,
        identity: { email: 'new@example.com', emailVerified: true },
        emailOwner: undefined,
      },
      { action: 'signup', email: { address: 'new@example.com', verified: true } },
    ],
    [
      'an unused unverified address: a new user with it, unverified',
      {
        registeredUserId: undefined,
        identity: { email: 'new@example.com', emailVerified: false },
        emailOwner: undefined,
      },
      { action: 'signup', email: { address: 'new@example.com', verified: false } },
    ],
    [
      'both sides verified, owner without a password: linked to the owner',
      {
        registeredUserId: undefined,
        identity: { email: 'o@example.com', emailVerified: true },
        emailOwner: owner(),
      },
      { action: 'link', userId: 'user-test-owner', emailId: 'email-test-owner' },
    ],
    [
      'the upstream did not verify the address: conflict',
      {
        registeredUserId: undefined,
        identity: { email: 'o@example.com', emailVerified: false },
        emailOwner: owner(),
      },
      { action: 'conflict' },
    ],
    [
      "the owner's address is unverified: conflict",
      {
        registeredUserId: undefined,
        identity: { email: 'o@example.com', emailVerified: true },
        emailOwner: owner({ emailVerified: false }),
      },
      { action: 'conflict' },
    ],
    [
      'the owner has a password: conflict',
      {
        registeredUserId: undefined,
        identity: { email: 'o@example.com', emailVerified: true },
        emailOwner: owner({ hasPassword: true }),
      },
      { action: 'conflict' },
    ],
  ];
  it.each(cases)('%s', (_name, facts, expected) => {
    expect(decideAccountLink(facts)).toEqual(expected);
  });
});
