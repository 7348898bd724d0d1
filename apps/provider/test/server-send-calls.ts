/** The server API's sends (magic links, passcodes), called as an integrator's back end would, and what they leave behind. */
import type { LightMyRequestResponse } from 'fastify';
import { outboxFor } from './magic-link-helpers.js';
import { rowCounts } from './row-counts.js';
import { freshAddressesIn } from './sdk-call.js';
import { devProjectAuthorization, postServerApi } from './server-api-calls.js';
import type { TestContext } from './test-app.js';

/** An end-user address no other send used, so tests meet the per-IP send limit only on purpose. */
export const freshEndUserIp = freshAddressesIn(20);

/** POSTs `payload` to `path` with the dev project's secret and a fresh end-user address (unless given). */
export function serverSend(
  ctx: TestContext,
  path: string,
  payload: Record<string, unknown>,
  authorization: string | undefined = devProjectAuthorization(ctx),
): Promise<LightMyRequestResponse> {
  return postServerApi(ctx, path, authorization, {
    attributes: { ip_address: freshEndUserIp() },
    ...payload,
  });
}

/** Everything a send could create: a refused one must change none of it. */
export function sendSnapshot(ctx: TestContext): Promise<Record<string, number>> {
  return rowCounts(ctx, [
    'users',
    'emails',
    'phone_numbers',
    'delivery_jobs',
    'magic_links',
    'otp_codes',
    'outbox_messages',
  ]);
}

/** How many messages went to `to` (once the queue has run). */
export async function messageCount(ctx: TestContext, to: string): Promise<number> {
  return (await outboxFor(ctx, to)).length;
}

/** The audit log's `action:actor_type` of everything that happened to `userId`, sorted (events of one instant have no order). */
export async function actorsOf(ctx: TestContext, userId: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('audit_events')
    .select(['action', 'actor_type'])
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => `${row.action}:${row.actor_type}`).sort();
}
