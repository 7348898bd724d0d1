/** @module otp-recipients — the email addresses and phone numbers passcodes go to: lookup, creation, proof. */
import type { Clock } from '../../clock.js';
import type { DbExecutor } from '../../db/database.js';
import type { EventActor } from '../../domain-events/domain-event.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { announceFactor } from '../../domain-events/factor-event.js';
import type { ApiError } from '../../errors/api-error.js';
import { newId } from '../../ids.js';
import type { Random } from '../../random.js';
import { phoneDirectory } from '../phone-numbers/phone-directory.js';
import type { Project } from '../projects/project.js';
import { authenticationFactor } from '../sessions/authentication-factor.js';
import type { AuthenticationFactor } from '../sessions/sessions.table.js';
import { pseudoUuid } from '../users/pseudo-ids.js';
import { userDirectory } from '../users/user-directory.js';
import { announceUserEvent } from '../users/user-events.js';
import type { UserStatus } from '../users/users.table.js';
import type { OtpChannel, OtpCodeRow } from './otps.table.js';

/** Where a code goes: the channel and the normalised address or E.164 number. */
export interface Destination {
  channel: OtpChannel;
  value: string;
}

/** An email or phone row: its id is the wire `method_id`. */
export interface Method {
  id: string;
  user_id: string;
}

const isEmail = (destination: Destination) => destination.channel === 'email';

/** The method registered for `destination` in the project, if any. */
export async function findMethod(
  db: DbExecutor,
  project: Project,
  destination: Destination,
): Promise<Method | undefined> {
  return isEmail(destination)
    ? userDirectory.findEmail(db, project.id, destination.value)
    : phoneDirectory.findByNumber(db, project.id, destination.value);
}

/** A fresh method id of the destination's kind (`email-test-…` or `phone-number-test-…`). */
export function newMethodId(project: Project, destination: Destination, random: Random): string {
  return newId(isEmail(destination) ? 'email' : 'phoneNumber', project.environment, random);
}

/** Stable look-alike ids for a destination without an account (SECURITY E3). */
export function pseudoMethod(
  project: Project,
  destination: Destination,
): { user_id: string; method_id: string } {
  const env = project.environment;
  return {
    user_id: `user-${env}-${pseudoUuid(project, 'user', destination.value)}`,
    method_id: isEmail(destination)
      ? `email-${env}-${pseudoUuid(project, 'email', destination.value)}`
      : `phone-number-${env}-${pseudoUuid(project, 'phone_number', destination.value)}`,
  };
}

/** Inserts the method row; undefined when the destination is already taken in the project. */
async function insertMethodIfAbsent(
  db: DbExecutor,
  project: Project,
  destination: Destination,
  row: { id: string; user_id: string; verified: boolean; created_at: Date },
): Promise<Method | undefined> {
  const common = { ...row, project_id: project.id };
  return isEmail(destination)
    ? userDirectory.addEmailIfAbsent(db, { ...common, email: destination.value })
    : phoneDirectory.addIfAbsent(db, { ...common, phone_number: destination.value });
}

/** The ids and status of an account to create; new ids of an active user when absent. */
export interface NewAccount {
  user_id: string;
  method_id: string;
  status: UserStatus;
  /** Who asked for the account (the project's server for the server API), for `user.created`; the user when absent. */
  actor?: EventActor;
}

/**
 * Creates a user owning `destination`, unverified until the first code or link is used.
 * Undefined when a concurrent request registered the destination first (the user is undone in
 * the same transaction, so nobody ever sees it).
 */
export async function createUserWithMethod(
  db: DbExecutor,
  deps: { clock: Clock; random: Random; events?: DomainEventBus },
  project: Project,
  destination: Destination,
  account?: NewAccount,
): Promise<Method | undefined> {
  const now = deps.clock.now();
  const user = await userDirectory.createBlank(db, project, account?.status ?? 'active', {
    random: deps.random,
    now,
    ...(account ? { id: account.user_id } : {}),
  });
  const method = await insertMethodIfAbsent(db, project, destination, {
    id: account?.method_id ?? newMethodId(project, destination, deps.random),
    user_id: user.id,
    verified: false,
    created_at: now,
  });
  if (!method) await userDirectory.delete(db, user.id);
  else
    await announceUserEvent(db, 'user.created', {
      events: deps.events,
      projectId: project.id,
      userId: user.id,
      now,
      ...(account?.actor ? { actor: account.actor } : {}),
    });
  return method;
}

/**
 * What a used code proves: the destination belongs to its user. Marks it verified, or, for a
 * `secondary` code, attaches it to the user now (asking alone never claims an address or
 * number). Returns the method id, or throws when someone else claimed the destination since.
 */
export async function proveMethod(
  db: DbExecutor,
  project: Project,
  code: OtpCodeRow & { user_id: string },
  now: Date,
  unusable: () => ApiError,
  events?: DomainEventBus,
  actor?: EventActor,
): Promise<string> {
  const destination: Destination = { channel: code.channel, value: code.destination };
  let methodId = code.method_id;
  if (code.purpose === 'secondary') {
    const added = await insertMethodIfAbsent(db, project, destination, {
      id: code.method_id,
      user_id: code.user_id,
      verified: true,
      created_at: now,
    });
    if (added) {
      await announceFactor(db, events, 'factor.added', {
        projectId: project.id,
        userId: code.user_id,
        factorType: isEmail(destination) ? 'email' : 'phone_number',
        factorId: added.id,
        now,
        actor,
      });
      return added.id;
    }
    const owner = await findMethod(db, project, destination);
    if (!owner || owner.user_id !== code.user_id) throw unusable();
    methodId = owner.id;
  }
  if (isEmail(destination)) await userDirectory.markEmailVerified(db, methodId);
  else await phoneDirectory.markVerified(db, methodId);
  return methodId;
}

/** The session factor a used code adds (wire/objects.md AuthenticationFactor). */
export function otpFactor(destination: Destination, methodId: string, now: Date): AuthenticationFactor {
  const detail = isEmail(destination)
    ? { email_factor: { email_id: methodId, email_address: destination.value } }
    : { phone_number_factor: { phone_id: methodId, phone_number: destination.value } };
  return authenticationFactor('otp', destination.channel, now, detail);
}
