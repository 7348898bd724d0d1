/** @module machine/magic-link-effects — sending an email magic link and telling the host. */
import { magicLinkOptionsOf } from '../config.js';
import { rememberLinkEmail } from '../internal/link-email-memory.js';
import { type EffectContext, emit, log } from './effect-context.js';

/** Sends a login-or-create magic link to `email`. */
export async function sendMagicLink(email: string, ctx: EffectContext): Promise<unknown> {
  const data = await ctx.client.magicLinks.email.loginOrCreate(email, magicLinkOptionsOf(ctx.config));
  emit(ctx, 'MAGIC_LINK_LOGIN_OR_CREATE', data);
  log(ctx, 'email_sent', { email, type: 'login_or_create_eml' });
  // The link may come back used or expired; the address lets the widget offer a new one (issue 17).
  rememberLinkEmail(email, ctx.clock.now());
  return data;
}
