/** @module machine/link-effects — the emailed links the widget opens: sign in with a login link, check a reset link, and send a new one when it is dead (issue 17). */
import { productsOf, sessionDurationOf } from '../config.js';
import { isDeadLink, linkExpired } from './dead-link.js';
import { type EffectContext, fail, log } from './effect-context.js';
import type { Event } from './event.js';
import { magicLinkTo, resetEmailTo } from './password-effects.js';
import type { ScreenOf } from './screen.js';

/** Spec §2 reset form: a `stytch_token_type=login` link signs in with its magic-link token at once. */
export async function authenticateLoginLink(token: string, ctx: EffectContext): Promise<Event> {
  try {
    const result = await ctx.client.magicLinks.authenticate(token, {
      sessionDurationMinutes: sessionDurationOf(ctx.config),
    });
    log(ctx, 'deeplink_handled_success', { token_type: 'login' });
    return { type: 'AUTHENTICATED', result };
  } catch (error) {
    return isDeadLink('login', error) ? linkExpired('login', null, error, ctx) : fail(ctx, error);
  }
}

/**
 * The reset link's check as the screen opens: its address when live, LINK_EXPIRED when dead. A
 * check that cannot answer (network, rate limit, PKCE) leaves the form as it was: the reset
 * endpoint still decides, and says why.
 */
export async function checkResetLink(token: string, ctx: EffectContext): Promise<Event> {
  try {
    const { email } = await ctx.client.passwords.resetByEmailCheck({ token });
    return { type: 'RESET_LINK_CHECKED', email };
  } catch (error) {
    if (isDeadLink('reset', error)) return linkExpired('reset', null, error, ctx);
    return { type: 'RESET_LINK_CHECKED', email: null };
  }
}

/**
 * 'Send a new link' on LinkExpired. A dead reset link gets a new reset email (PasswordForgot); a
 * dead login link a new magic link when magic links are on, else a reset email, whose login link
 * is what it replaces (PasswordSetNew: "A login link was sent to you").
 */
export function sendNewLink(
  screen: ScreenOf<'LinkExpired'>,
  email: string,
  ctx: EffectContext,
): Promise<Event> {
  const address = email.trim();
  if (screen.link === 'reset') return resetEmailTo('PasswordForgot', address, ctx);
  if (productsOf(ctx.config).includes('emailMagicLinks')) return magicLinkTo(address, false, ctx);
  return resetEmailTo('PasswordSetNew', address, ctx);
}
