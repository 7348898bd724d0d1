/**
 * @module promised-account — the account a login_or_create answer names for an address or
 * number without one: promised in the answer's delivery job, created by the delivery worker.
 *
 * SECURITY E3 (issue 16 item 4): the answer must take as long whether or not the account exists.
 * Creating it in the request made the two paths differ (a user and an address inserted, or a
 * blank user inserted and deleted again, whose delete checks every table referencing users). So
 * the answer only looks up and stores its job, the same statements either way, and the job
 * carries the ids of the account to create; the worker creates it under the same lock before it
 * issues the code or link, so the ids the answer named are the ones the code or link works with.
 */
import type { Clock } from '../../clock.js';
import type { Transaction } from '../../db/database.js';
import type { EventActor } from '../../domain-events/domain-event.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import { newId } from '../../ids.js';
import type { Random } from '../../random.js';
import type { Project } from '../projects/project.js';
import type { UserStatus } from '../users/users.table.js';
import {
  createUserWithMethod,
  type Destination,
  findMethod,
  type Method,
  type NewAccount,
  newMethodId,
} from './otp-recipients.js';
import {
  findPromisedAccount,
  lockAccountAddress,
  promiseOfJob,
  settlePromise,
} from './promised-accounts.repository.js';

/** The account a delivery job creates if its address still has none: `create_account` in its params. */
export type PromisedAccount = NewAccount;

/** What deciding a login_or_create answer needs (the server API's creates the account at once). */
export interface LoginOrCreateDeps {
  clock: Clock;
  random: Random;
  events?: DomainEventBus;
}

/** Who a login_or_create answer names, and whether its job is to create the account. */
export interface LoginOrCreateAnswer {
  method: Method;
  /** `signup` when this answer promises the account; `login` when it exists or an earlier answer promised it. */
  purpose: 'login' | 'signup';
  /** What the job stores as `create_account`; null when the account exists. */
  promise: PromisedAccount | null;
}

/**
 * Decides a login_or_create answer. SECURITY E3: whatever is found, it runs the same statements
 * (the lock, the two lookups) and draws the same new ids, so a known address, a new one and one
 * already promised take as long; the caller then stores one job either way.
 *
 * A second answer for an address whose account is promised but not yet created names the same
 * account (two clicks, two tabs, a magic link and a passcode at once), as a login: both answers'
 * ids are the ones the newest code or link works with, and only one account is ever made.
 */
export async function answerLoginOrCreate(
  trx: Transaction,
  deps: LoginOrCreateDeps,
  project: Project,
  destination: Destination,
  status: UserStatus,
  /** Who asks (the server API: the project), kept with the promise for `user.created`. */
  actor?: EventActor,
): Promise<LoginOrCreateAnswer> {
  await lockAccountAddress(trx, project.id, destination.value);
  const fresh: PromisedAccount = {
    user_id: newId('user', project.environment, deps.random),
    method_id: newMethodId(project, destination, deps.random),
    status,
    ...(actor ? { actor } : {}),
  };
  const promised = await findPromisedAccount(trx, project.id, destination.value);
  const existing = await findMethod(trx, project, destination);
  if (existing) return { method: existing, purpose: 'login', promise: null };
  // Only the answer that promised the account signs up; later ones log in to it, as they would
  // had it been made already. Each job carries the promise, in case an earlier one never ran.
  const promise = promised ?? fresh;
  const purpose = promised ? 'login' : 'signup';
  if (actor) return createPromisedNow(trx, deps, project, destination, { purpose, promise });
  return { method: { id: promise.method_id, user_id: promise.user_id }, purpose, promise };
}

/**
 * The server API's answer (an `actor` asks) has no timing to hide: its caller holds the project
 * secret and may look the user up anyway. So the account exists when the answer names it, as the
 * hosted provider's does (`GET /v1/users/{user_id}` right after `user_created: true` finds it);
 * its job carries no promise, and earlier jobs that did (a browser answer a moment before) are
 * settled, so the worker makes no second account.
 */
async function createPromisedNow(
  trx: Transaction,
  deps: LoginOrCreateDeps,
  project: Project,
  destination: Destination,
  decided: { purpose: 'login' | 'signup'; promise: PromisedAccount },
): Promise<LoginOrCreateAnswer> {
  const { promise } = decided;
  await settlePromise(trx, project.id, destination.value, promise.user_id);
  const method = await createUserWithMethod(trx, deps, project, destination, promise);
  if (method) return { method, purpose: decided.purpose, promise: null };
  // Claimed a moment ago by a path that does not take the account lock (a password sign-up).
  const owner = await findMethod(trx, project, destination);
  if (!owner) throw new Error('login_or_create: the address is neither free nor owned');
  return { method: owner, purpose: 'login', promise: null };
}

/**
 * Creates the account job `jobId` promised, if it still does and the address still has no
 * account. Call in the transaction that issues the job's code or link, before deciding who it is
 * for: the creation commits with the issuance, so a crash before the commit leaves the promise
 * for the next attempt, and one after it leaves the account for the next attempt's code. An
 * address claimed since the answer (a password sign-up, an OAuth sign-in, an added address) is
 * left to its owner; the job then sends nothing, as its replan rules say.
 */
export async function keepPromisedAccount(
  trx: Transaction,
  deps: { clock: Clock; random: Random; events?: DomainEventBus },
  project: Project,
  destination: Destination,
  jobId: string,
): Promise<void> {
  await lockAccountAddress(trx, project.id, destination.value);
  const promise = await promiseOfJob(trx, jobId);
  if (!promise) return;
  await settlePromise(trx, project.id, destination.value, promise.user_id);
  if (await findMethod(trx, project, destination)) return;
  await createUserWithMethod(trx, deps, project, destination, promise);
}
