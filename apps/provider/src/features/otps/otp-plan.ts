/** @module otp-plan — deciding who a passcode is for (login, signup, secondary, or a decoy that is never told): when answering, and again when issuing. */
import type { Transaction } from '../../db/database.js';
import type { EventActor } from '../../domain-events/domain-event.js';
import type { MessageLocale } from '../../email/message-locale.js';
import type { Project } from '../projects/project.js';
import type { UserStatus } from '../users/users.table.js';
import type { OtpDelivery } from './otp-delivery.js';
import { type Destination, findMethod, type Method, newMethodId, pseudoMethod } from './otp-recipients.js';
import type { OtpPurpose } from './otps.table.js';
import { answerLoginOrCreate, type LoginOrCreateDeps, type PromisedAccount } from './promised-account.js';

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
  /** login_or_create: the status of a new account (create_user_as_pending); active when absent. */
  newAccountStatus?: UserStatus;
  /** Who asks, when not the user (the server API: the project), for the events. */
  actor?: EventActor;
  /** The message's language (the request's `locale`, checked by the route); English when absent. */
  locale?: MessageLocale;
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
  /** login_or_create of an address or number without an account: the account the job creates. */
  promise?: PromisedAccount | null;
}

/** A decoy code is stored like a real one (so every later failure looks the same) and never told to anyone. */
function decoy(
  project: Project,
  destination: Destination,
  delivery: OtpDelivery,
  answerUserId?: string,
): Omit<OtpPlan, 'requestedBy'> {
  const pseudo = pseudoMethod(project, destination);
  return {
    purpose: 'decoy',
    userId: null,
    methodId: pseudo.method_id,
    delivery,
    answerUserId: answerUserId ?? pseudo.user_id,
  };
}

function known(method: Method, purpose: OtpPurpose): Omit<OtpPlan, 'requestedBy'> {
  return {
    purpose,
    userId: method.user_id,
    methodId: method.id,
    delivery: 'code',
    answerUserId: method.user_id,
  };
}

/**
 * Decides who a code is for, for the answer: names the account of login_or_create (promising a
 * new one, which the delivery worker creates, for an unknown recipient), and picks the method id
 * a new secondary destination gets. The code itself is issued later by the delivery worker
 * (replanOtp).
 */
export async function planOtp(
  trx: Transaction,
  deps: LoginOrCreateDeps,
  kind: OtpSendKind,
  project: Project,
  request: OtpSendRequest,
): Promise<OtpPlan> {
  const plan = await planFor(trx, deps, kind, project, request);
  return { ...plan, requestedBy: kind === 'secondary' ? (request.signedInUserId ?? null) : null };
}

async function planFor(
  trx: Transaction,
  deps: LoginOrCreateDeps,
  kind: OtpSendKind,
  project: Project,
  request: OtpSendRequest,
): Promise<Omit<OtpPlan, 'requestedBy'>> {
  const { destination } = request;
  if (kind === 'login_or_create') {
    const status = request.newAccountStatus ?? 'active';
    const answer = await answerLoginOrCreate(trx, deps, project, destination, status, request.actor);
    return { ...known(answer.method, answer.purpose), promise: answer.promise };
  }
  const existing = await findMethod(trx, project, destination);
  if (kind === 'primary') return existing ? known(existing, 'login') : decoy(project, destination, 'stub');
  const userId = request.signedInUserId;
  if (userId === undefined) throw new Error('send/secondary without a signed-in user');
  // Someone else's address or number: say nothing about it and send nothing.
  if (existing && existing.user_id !== userId) return decoy(project, destination, 'none', userId);
  // A new one is attached only when its code is used, so nobody can squat it by asking.
  return known(
    { id: existing?.id ?? newMethodId(project, destination, deps.random), user_id: userId },
    'secondary',
  );
}

/** What the answer decided, as a delivery job keeps it. */
export interface PlannedOtp {
  kind: OtpSendKind;
  /** login_or_create: `signup` when the answer promised the account, else `login`. */
  purpose: OtpPurpose;
  /** login_or_create: the account's user; secondary: the signed-in user. */
  userId: string | null;
  /** The method id the answer showed (a new secondary destination's id, or a pseudo id). */
  methodId: string;
}

/**
 * Decides again, when the code is issued under the destination lock (lockDestinationForIssuance),
 * who it is for: the account may have changed since the answer. Undefined when nobody gets a
 * code any more (the account the answer named lost the destination, or was never created because
 * someone else claimed it first). A login_or_create job creates its promised account before this
 * (keepPromisedAccount), so a new account is found here like a known one.
 */
export async function replanOtp(
  trx: Transaction,
  project: Project,
  destination: Destination,
  planned: PlannedOtp,
): Promise<OtpPlan | undefined> {
  const plan = await replanFor(trx, project, destination, planned);
  return plan && { ...plan, requestedBy: planned.kind === 'secondary' ? planned.userId : null };
}

async function replanFor(
  trx: Transaction,
  project: Project,
  destination: Destination,
  planned: PlannedOtp,
): Promise<Omit<OtpPlan, 'requestedBy'> | undefined> {
  const existing = await findMethod(trx, project, destination);
  switch (planned.kind) {
    case 'primary':
      return existing ? known(existing, 'login') : decoy(project, destination, 'stub');
    case 'login_or_create':
      return existing && existing.id === planned.methodId ? known(existing, planned.purpose) : undefined;
    case 'secondary': {
      const userId = planned.userId as string;
      if (existing && existing.user_id !== userId) return decoy(project, destination, 'none', userId);
      return known({ id: existing?.id ?? planned.methodId, user_id: userId }, 'secondary');
    }
  }
}
