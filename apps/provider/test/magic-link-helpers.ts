/** Intent-named steps of the magic-link flow, driven through the real HTTP API and dev outbox. */
import type { LightMyRequestResponse } from 'fastify';
import { type SdkCallOptions, sdkPost } from './sdk-call.js';
import { drainDeliveries, json, type TestContext } from './test-app.js';

/** Asks for a login-or-create link. */
export function requestMagicLink(
  ctx: TestContext,
  email: string,
  body: Record<string, unknown> = {},
  publicToken: string = ctx.dev.public_token,
): Promise<LightMyRequestResponse> {
  return sdkPost(ctx, '/magic_links/email/login_or_create', { email, ...body }, { publicToken });
}

/** The outbox messages to `email`, newest first, read through GET /dev/outbox/messages once the queue is drained. */
export async function outboxFor(ctx: TestContext, email: string): Promise<Array<Record<string, string>>> {
  await drainDeliveries(ctx);
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/dev/outbox/messages?to=${encodeURIComponent(email)}`,
  });
  return json<{ messages: Array<Record<string, string>> }>(response).messages;
}

/** The token in a link of the form `…?stytch_token_type=magic_links&token=…`. */
export function tokenFromText(text: string): string {
  const match = /[?&]stytch_token_type=magic_links&token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no magic link in: ${text}`);
  return match[1];
}

/** The token of the newest email to `email`. */
export async function latestToken(ctx: TestContext, email: string): Promise<string> {
  const [newest] = await outboxFor(ctx, email);
  if (!newest) throw new Error(`no email to ${email}`);
  return tokenFromText(newest.text as string);
}

/** POSTs /magic_links/authenticate for `token` (an hour's session unless `body` says otherwise). */
function redeemLink(ctx: TestContext, token: string, body: Record<string, unknown>, caller: SdkCallOptions) {
  return sdkPost(ctx, '/magic_links/authenticate', { token, session_duration_minutes: 60, ...body }, caller);
}

/** Redeems a token. */
export function authenticateMagicLink(
  ctx: TestContext,
  token: string,
  body: Record<string, unknown> = {},
  publicToken: string = ctx.dev.public_token,
): Promise<LightMyRequestResponse> {
  return redeemLink(ctx, token, body, { publicToken });
}

/** Asks for a link that adds `email` to the user signed in with `sessionToken` (send/secondary). */
export function requestSecondaryLink(
  ctx: TestContext,
  sessionToken: string | undefined,
  email: string,
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return sdkPost(ctx, '/magic_links/email/send/secondary', { email, ...body }, { sessionToken });
}

/** Redeems a token presenting `sessionToken` in Basic auth, as a page that is signed in does. */
export function authenticateMagicLinkWith(
  ctx: TestContext,
  sessionToken: string | undefined,
  token: string,
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return redeemLink(ctx, token, body, { sessionToken });
}

/** Signs `email` in to the development project end to end and returns the AuthenticateResponse data. */
export function givenSignedInUser(ctx: TestContext, email: string, durationMinutes = 60) {
  return signInTo(ctx, ctx.dev.public_token, email, durationMinutes);
}

/** Signs `email` in to the project of `publicToken` by magic link and returns the AuthenticateResponse data. */
export async function signInTo(ctx: TestContext, publicToken: string, email: string, durationMinutes = 60) {
  const sent = await requestMagicLink(ctx, email, {}, publicToken);
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.body}`);
  const response = await authenticateMagicLink(
    ctx,
    await latestToken(ctx, email),
    { session_duration_minutes: durationMinutes },
    publicToken,
  );
  if (response.statusCode !== 200) throw new Error(`authenticate failed: ${response.body}`);
  return json(response).data as {
    user_id: string;
    session_token: string;
    session_jwt: string;
    session: Record<string, string>;
    user: { emails: unknown[] } & Record<string, unknown>;
  };
}
