/** @module password-config — reading `passwordOptions`: the reset-email options and the passwordless fallback. */
import { productsOf, type WidgetConfig } from './config.js';
import { otpMethodsOf } from './otp-config.js';
import type { WidgetResetStartOptions } from './widget-client.js';

/** `wire/ui-widget.md`: with `passwords` in products the email tab is the password-first form. */
export function hasPasswords(config: WidgetConfig): boolean {
  return productsOf(config).includes('passwords');
}

/**
 * How the password screens offer a sign-in without a password (spec §2: 'Email me a login
 * link' or '…code', "chosen by what is configured"): an email code when email OTP is on, else a
 * magic link when magic links are on, else none.
 */
export function passwordlessMethodOf(config: WidgetConfig): 'otp' | 'magicLink' | null {
  if (otpMethodsOf(config).includes('email')) return 'otp';
  return productsOf(config).includes('emailMagicLinks') ? 'magicLink' : null;
}

/**
 * The client options of `passwords.resetByEmailStart` for `email`, leaving out unset keys. The
 * email's "Log in without a password" link is a login magic link, so without its own URL it
 * returns where the widget's magic links do; only when neither is set does the project's
 * default apply (issue 17).
 */
export function resetStartOptionsOf(config: WidgetConfig, email: string): WidgetResetStartOptions {
  const o = config.passwordOptions ?? {};
  const options: WidgetResetStartOptions = { email };
  const loginRedirectURL = o.loginRedirectURL ?? config.emailMagicLinksOptions?.loginRedirectURL;
  if (loginRedirectURL !== undefined) options.loginRedirectURL = loginRedirectURL;
  if (o.resetPasswordRedirectURL !== undefined) options.resetPasswordRedirectURL = o.resetPasswordRedirectURL;
  if (o.resetPasswordExpirationMinutes !== undefined)
    options.resetPasswordExpirationMinutes = o.resetPasswordExpirationMinutes;
  if (o.resetPasswordTemplateId !== undefined) options.resetPasswordTemplateId = o.resetPasswordTemplateId;
  return options;
}
