/** @module own-campaign — the signed-in user's campaign named by a `/campaigns/:id` request. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { findCampaign } from './campaigns.js';
import type { AppContext } from './context.js';
import type { CampaignRow, UserRow } from './db/database.js';
import { appOf, assertSameOrigin, currentUser, idParam, notFound } from './request.js';

/**
 * For a page: the campaign, or null for a visitor (the layout shows the sign-in). Another user's
 * campaign, or a malformed id, is a 404 so that ids reveal nothing.
 */
export async function loadOwnCampaign({
  request,
  context,
  params,
}: LoaderFunctionArgs): Promise<{ app: AppContext; campaign: CampaignRow } | null> {
  const app = appOf(context);
  const user = await currentUser(request, context);
  if (!user) return null;
  const id = idParam(params.id);
  const campaign = id === null ? null : await findCampaign(app.db, user.id, id);
  if (!campaign) notFound();
  return { app, campaign };
}

/**
 * For a post that changes a campaign: same origin, signed in (401), a well-formed id (404). The
 * change itself re-checks ownership in its own statement.
 */
export async function ownCampaignAction({
  request,
  context,
  params,
}: ActionFunctionArgs): Promise<{ app: AppContext; user: UserRow; id: number }> {
  assertSameOrigin(request, context);
  const app = appOf(context);
  const user = await currentUser(request, context);
  if (!user) throw new Response('Sign in first.', { status: 401 });
  const id = idParam(params.id);
  if (id === null) notFound();
  return { app, user, id };
}
