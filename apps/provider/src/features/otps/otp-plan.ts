/** @module otp-plan — deciding who a passcode is for: login, signup, secondary, or a decoy that is never told. */
import type { Clock } from '../../clock.js';
import type { Transaction } from '../../db/database.js';
import type { Random } from '../../random.js';
import type { Project } from '../projects/project.js';
import type { OtpDelivery } from './otp-delivery.js';
import {
  createUserWithMethod,
  type Destination,
  findMethod,
  newMethodId,
  pseudoMethod,
} from './otp-recipients.js';
import type { OtpPurpose } from './otps.table.js';

/** Which send endpoint was called. */
export type OtpSendKind = 'login_or_create' | 'primary' | 'secondary';

/** A send request after its own checks: where to, and for how long. */
export interface OtpSendRequest {
  destination: Destination;
  /** expiration_minutes, or the project's default when absent. */
  expirationMinutes: number | undefined;
  /** The client address (send limits count per IP). */
  clientIp: string;
  /** The signed-in user, for `secondary` (checked by the route before anything else). */
  signedInUserId?: string;
}

/** What one send decided: the code's purpose, its user and method, and what the recipient gets. */
export interface OtpPlan {
  purpose: OtpPurpose;
  userId: string | null;
  methodId: string;
  delivery: OtpDelivery;
  /** The user id the answer shows. */
  answerUserId: string;
  /** The signed-in user who asked (send/secondary), the only one who may try the code; else null. */
  requestedBy: string | null;
}

/** Decides who a code is for; call under the destination lock (lockDestinationForIssuance). */
export async function planOtp(
  trx: Transaction,
  deps: { clock: Clock; random: Random },
  kind: OtpSendKind,
  project: Project,
  request: OtpSendRequest,
): Promise<OtpPlan> {
  const { destination } = request;
  const existing = await findMethod(trx, project, destination);
  const requestedBy = kind === 'secondary' ? (request.signedInUserId ?? null) : null;
  // A decoy code is stored like a real one (so every later failure looks the same) and never told to anyone.
  const decoy = (delivery: OtpDelivery, answerUserId?: string): OtpPlan => {
    const pseudo = pseudoMethod(project, destination);
    const methodId = pseudo.method_id;
    return {
      purpose: 'decoy',
      userId: null,
      methodId,
      delivery,
      answerUserId: answerUserId ?? pseudo.user_id,
      requestedBy,
    };
  };
  const known = (method: { id: string; user_id: string }, purpose: OtpPurpose): OtpPlan => ({
    purpose,
    userId: method.user_id,
    methodId: method.id,
    delivery: 'code',
    answerUserId: method.user_id,
    requestedBy,
  });

  if (kind === 'primary') return existing ? known(existing, 'login') : decoy('stub');
  if (kind === 'login_or_create') {
    if (existing) return known(existing, 'login');
    const created = await createUserWithMethod(trx, deps, project, destination);
    if (created) return known(created, 'signup');
    const raced = await findMethod(trx, project, destination);
    if (!raced) throw new Error('destination vanished during login_or_create');
    return known(raced, 'login');
  }
  const userId = request.signedInUserId;
  if (userId === undefined) throw new Error('send/secondary without a signed-in user');
  // Someone else's address or number: say nothing about it and send nothing.
  if (existing && existing.user_id !== userId) return decoy('none', userId);
  // A new one is attached only when its code is used, so nobody can squat it by asking.
  return known(
    { id: existing?.id ?? newMethodId(project, destination, deps.random), user_id: userId },
    'secondary',
  );
}
