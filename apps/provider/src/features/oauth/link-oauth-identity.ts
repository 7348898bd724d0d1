/**
 * @module link-oauth-identity — applies the account-link decision (account-link.ts) inside the
 * caller's transaction: finds or creates the user, links the identity, activates pending users.
 */
import type { Clock } from '../../clock.js';
import type { Transaction } from '../../db/database.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { ApiError } from '../../errors/api-error.js';
import { newId } from '../../ids.js';
import type { Random } from '../../random.js';
import { magicLinkRevocation } from '../magic-links/magic-link-revocation.js';
import { userHasPassword } from '../passwords/password-presence.js';
import type { Project } from '../projects/project.js';
import { normaliseEmailAddress } from '../users/email-address.js';
import { userDirectory } from '../users/user-directory.js';
import { announceLinkedFactor } from '../users/user-events.js';
import { type AccountLinkDecision, decideAccountLink, type EmailOwner } from './account-link.js';
import type { OAuthRegistrationRow } from './oauth.table.js';
import {
  findRegistrationByIdentity,
  insertRegistrationIfAbsent,
  lockUpstreamIdentity,
  updateRegistration,
} from './oauth-registrations.repository.js';
import type { UpstreamIdentity } from './upstream/identity.js';
import { providerDisplayName } from './upstream/provider-types.js';

/** The user an upstream identity signed in as. */
export interface LinkedIdentity {
  userId: string;
  registration: OAuthRegistrationRow;
  /** True when this sign-in created the user (the flow then goes to the signup redirect). */
  createdUser: boolean;
}

/** What linking needs. */
export interface LinkDeps {
  clock: Clock;
  random: Random;
  /** Where `user.created` (an OAuth sign-up) and `factor.added` (an identity linked to an account) are announced. */
  events?: DomainEventBus;
}

function conflict(identity: UpstreamIdentity): ApiError {
  return new ApiError('oauth_account_conflict', {
    message: `An account with this email address already exists, so ${providerDisplayName(identity.providerType)} cannot sign in to it. Sign in the way you did before.`,
  });
}

/** Names as the upstream gave them, without control characters (the wire's name parts have none). */
function namePart(value: string | null): string {
  return [...(value ?? '')]
    .filter((ch) => {
      const code = ch.codePointAt(0) as number;
      return code >= 0x20 && code !== 0x7f;
    })
    .join('')
    .slice(0, 256);
}

/**
 * One identity, one address: concurrent first sign-ins of the same identity, or of identities
 * sharing an address, queue here so none sees a half-made account (the address lock is the one
 * magic-link issuance takes, so those queue with them too).
 */
async function lockIdentity(
  trx: Transaction,
  project: Project,
  identity: UpstreamIdentity,
  email: string | null,
) {
  await lockUpstreamIdentity(
    trx,
    `${project.id}:oauth:${identity.providerType}:${identity.issuer}:${identity.subject}`,
  );
  if (email !== null) await magicLinkRevocation.lockAddress(trx, project.id, email);
}

async function emailOwnerOf(
  trx: Transaction,
  projectId: string,
  email: string,
): Promise<EmailOwner | undefined> {
  const row = await userDirectory.findEmail(trx, projectId, email);
  if (!row) return undefined;
  return {
    userId: row.user_id,
    emailId: row.id,
    emailVerified: row.verified,
    hasPassword: await userHasPassword(trx, row.user_id),
  };
}

/**
 * Links `identity` to its account per decideAccountLink (SECURITY C6) and records the sign-in.
 * Throws 409 oauth_account_conflict when the identity's address belongs to an account it may
 * not enter. Call inside a transaction; nothing is written before the decision.
 */
export async function linkOAuthIdentity(
  trx: Transaction,
  deps: LinkDeps,
  project: Project,
  identity: UpstreamIdentity,
): Promise<LinkedIdentity> {
  const email = identity.email === null ? null : normaliseEmailAddress(identity.email);
  await lockIdentity(trx, project, identity, email);
  const registered = await findRegistrationByIdentity(trx, {
    projectId: project.id,
    providerType: identity.providerType,
    issuer: identity.issuer,
    subject: identity.subject,
  });
  const decision = decideAccountLink({
    registeredUserId: registered?.user_id,
    identity: { email, emailVerified: identity.emailVerified },
    emailOwner: registered || email === null ? undefined : await emailOwnerOf(trx, project.id, email),
  });
  const now = deps.clock.now();
  const profile = {
    profile_picture_url: identity.pictureUrl ?? '',
    locale: identity.locale ?? '',
    last_authenticated_at: now,
  };

  if (decision.action === 'login') {
    // Only an existing registration leads to `login`.
    const existing = registered as OAuthRegistrationRow;
    await userDirectory.activate(trx, existing.user_id, now);
    const registration = await updateRegistration(trx, existing.id, profile);
    return { userId: existing.user_id, registration, createdUser: false };
  }
  if (decision.action === 'conflict') throw conflict(identity);
  const { userId, emailId, createdUser } = await accountFor(trx, deps, project, identity, decision);
  const registration = await insertRegistrationIfAbsent(trx, {
    id: newId('oauthUserRegistration', project.environment, deps.random),
    project_id: project.id,
    user_id: userId,
    provider_type: identity.providerType,
    issuer: identity.issuer,
    provider_subject: identity.subject,
    email_id: emailId,
    created_at: now,
    ...profile,
  });
  // The identity lock makes a concurrent link of the same identity impossible.
  if (!registration) throw new Error('an OAuth identity was linked while its lock was held');
  await announceLinkedFactor(trx, deps.events, {
    projectId: project.id,
    userId,
    factorType: 'oauth_registration',
    factorId: registration.id,
    now,
    createdUser,
  });
  return { userId, registration, createdUser };
}

/** The account a `signup` or `link` decision signs in to, created for `signup`. */
async function accountFor(
  trx: Transaction,
  deps: LinkDeps,
  project: Project,
  identity: UpstreamIdentity,
  decision: Exclude<AccountLinkDecision, { action: 'login' } | { action: 'conflict' }>,
): Promise<{ userId: string; emailId: string | null; createdUser: boolean }> {
  const now = deps.clock.now();
  if (decision.action === 'link') {
    // The owner proved the address and so did the upstream; a pending owner becomes active.
    await userDirectory.activate(trx, decision.userId, now);
    return { userId: decision.userId, emailId: decision.emailId, createdUser: false };
  }
  const user = await userDirectory.create(trx, {
    id: newId('user', project.environment, deps.random),
    project_id: project.id,
    status: 'active',
    first_name: namePart(identity.firstName),
    middle_name: '',
    last_name: namePart(identity.lastName),
    trusted_metadata: '{}',
    untrusted_metadata: '{}',
    created_at: now,
    updated_at: now,
  });
  if (decision.email === null) return { userId: user.id, emailId: null, createdUser: true };
  const email = await userDirectory.addEmailIfAbsent(trx, {
    id: newId('email', project.environment, deps.random),
    project_id: project.id,
    user_id: user.id,
    email: decision.email.address,
    verified: decision.email.verified,
    created_at: now,
  });
  // Another sign-up path that does not take the address lock claimed it meanwhile: the address
  // now has an owner this identity was never checked against, so it is a conflict (rolled back).
  if (!email) throw conflict(identity);
  return { userId: user.id, emailId: email.id, createdUser: true };
}
