/**
 * @module account-link — which account an upstream identity signs in to (SECURITY C6): pure,
 * from facts the caller read in the transaction that applies the decision.
 */

/** What the upstream said about the person, as far as linking cares. */
export interface LinkIdentity {
  /** Normalised (trimmed, lower-cased) address, or null when the upstream gave none. */
  email: string | null;
  /** Only the literal `email_verified: true` (or GitHub's verified primary address) counts. */
  emailVerified: boolean;
}

/** The project's account holding the identity's address, as read from the database. */
export interface EmailOwner {
  userId: string;
  emailId: string;
  /** Whether the owner proved the address (a link, a code, a trusted upstream). */
  emailVerified: boolean;
  hasPassword: boolean;
}

/** The facts a decision is made from. */
export interface AccountLinkFacts {
  /** The user already linked to this (provider_type, issuer, subject), if any. */
  registeredUserId: string | undefined;
  identity: LinkIdentity;
  /** The owner of `identity.email` in the project; undefined when the address is unused or absent. */
  emailOwner: EmailOwner | undefined;
}

/** What to do with an upstream identity. */
export type AccountLinkDecision =
  /** The identity is linked already: sign its user in. */
  | { action: 'login'; userId: string }
  /** A new user, with the upstream's address when it gave one. */
  | { action: 'signup'; email: { address: string; verified: boolean } | null }
  /** Link the identity to the address's owner and sign them in. */
  | { action: 'link'; userId: string; emailId: string }
  /** 409 oauth_account_conflict: the address belongs to an account this identity may not enter. */
  | { action: 'conflict' };

/**
 * docs/contracts.md "Account linking": an identity is known by (issuer, subject), never by its
 * email. An address already in the project links the identity to its owner only when both
 * sides proved the address and the owner has no password: otherwise whoever controls an
 * upstream account with that address (unverified, or at a provider that does not check) would
 * walk into an account someone else secured (ASVS 6.8.1, 10.5.2).
 */
export function decideAccountLink(facts: AccountLinkFacts): AccountLinkDecision {
  if (facts.registeredUserId !== undefined) return { action: 'login', userId: facts.registeredUserId };
  const { email, emailVerified } = facts.identity;
  if (email === null) return { action: 'signup', email: null };
  const owner = facts.emailOwner;
  if (owner === undefined) return { action: 'signup', email: { address: email, verified: emailVerified } };
  if (emailVerified && owner.emailVerified && !owner.hasPassword) {
    return { action: 'link', userId: owner.userId, emailId: owner.emailId };
  }
  return { action: 'conflict' };
}
