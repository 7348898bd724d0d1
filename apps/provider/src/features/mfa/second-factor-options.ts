/** @module second-factor-options — which second factors a user can complete a sign-in with (the wire `mfa_required`). */
import type { MfaRequired } from '@latchkey/wire';
import type { DbExecutor } from '../../db/database.js';
import type { AuthenticationFactor } from '../sessions/sessions.table.js';
import type { UserWithFactors } from '../users/user-with-factors.js';
import { findVerifiedSecondFactors } from './second-factor-options.repository.js';

/** The wire `mfa_required` of an intermediate sign-in (docs/contracts.md "Multi-factor policy"). */
export type SecondFactorOptions = MfaRequired;

/**
 * The second factors open to `userId` after `primary`. A code texted to a phone that the primary
 * sign-in already used proves nothing new, so SMS is not offered after an SMS passcode.
 */
export async function secondFactorOptionsOf(
  db: DbExecutor,
  userId: string,
  primary: AuthenticationFactor,
): Promise<SecondFactorOptions> {
  const row = await findVerifiedSecondFactors(db, userId);
  const totp = row.totp;
  const sms = row.sms && primary.delivery_method !== 'sms';
  return { totp, sms, enrol: !totp && !sms };
}

/**
 * The same answer as secondFactorOptionsOf, from the user as findUserWithFactors read it (its
 * `totps` are the verified ones, its `phone_numbers` carry `verified`): a sign-in that reads the
 * user for its response anyway needs no second query.
 */
export function secondFactorOptionsOfUser(
  user: Pick<UserWithFactors, 'totps' | 'phone_numbers'>,
  primary: AuthenticationFactor,
): SecondFactorOptions {
  const totp = user.totps.length > 0;
  const sms = user.phone_numbers.some((phone) => phone.verified) && primary.delivery_method !== 'sms';
  return { totp, sms, enrol: !totp && !sms };
}

/**
 * Whether a primary sign-in must wait for a second factor, given the user's `options`: always on a
 * project that requires it, and for anyone who turned an authenticator app on, who expects to be
 * asked for it. A passkey verified the person already (user verification), so it is never held back.
 */
export function needsSecondFactor(
  project: { mfaRequired: boolean },
  primary: AuthenticationFactor,
  options: SecondFactorOptions,
): boolean {
  return primary.type !== 'webauthn' && (project.mfaRequired || options.totp);
}
