/** @module otp-config — reading `otpOptions`: the channels on offer and the send options with defaults. */
import { productsOf, type WidgetConfig } from './config.js';
import type { OtpChannel } from './machine/screen.js';
import type { OtpEmailLoginOrCreateOptions } from './widget-client.js';

/** `wire/ui-widget.md`: the widget asks for codes that last 5 minutes unless configured. */
export const DEFAULT_OTP_EXPIRATION_MINUTES = 5;

const CHANNELS: readonly OtpChannel[] = ['email', 'sms', 'whatsapp'];

/** The OTP channels the host configured, without repeats; none unless `products` has `otp`. */
export function otpMethodsOf(config: WidgetConfig): OtpChannel[] {
  if (!productsOf(config).includes('otp')) return [];
  return [...new Set(config.otpOptions?.methods ?? [])].filter((method) => CHANNELS.includes(method));
}

/** How long the codes the widget asks for last, in minutes. */
export function otpExpirationOf(config: WidgetConfig): number {
  return config.otpOptions?.expirationMinutes ?? DEFAULT_OTP_EXPIRATION_MINUTES;
}

/** The client options of a send on `channel` (template ids for email only), leaving out unset keys. */
export function otpSendOptionsOf(config: WidgetConfig, channel: OtpChannel): OtpEmailLoginOrCreateOptions {
  const o = config.otpOptions;
  const options: OtpEmailLoginOrCreateOptions = { expirationMinutes: otpExpirationOf(config) };
  if (o?.locale !== undefined) options.locale = o.locale;
  if (channel !== 'email') return options;
  if (o?.loginTemplateId !== undefined) options.loginTemplateId = o.loginTemplateId;
  if (o?.signupTemplateId !== undefined) options.signupTemplateId = o.signupTemplateId;
  return options;
}

/**
 * How the email form of Main signs in: the password-first flow when `passwords` is on
 * (`wire/ui-widget.md`), else email OTP when configured, else magic links, else none.
 */
export function emailMethodOf(config: WidgetConfig): 'password' | 'otp' | 'magicLink' | null {
  if (productsOf(config).includes('passwords')) return 'password';
  if (otpMethodsOf(config).includes('email')) return 'otp';
  return productsOf(config).includes('emailMagicLinks') ? 'magicLink' : null;
}

/**
 * Main's tabs in order: the phone channels first, then email (`wire/ui-widget.md`: phone tab,
 * then email tab). One tab means no tab list, just its form.
 */
export function mainTabsOf(config: WidgetConfig): OtpChannel[] {
  const phones = otpMethodsOf(config).filter((channel) => channel !== 'email');
  return emailMethodOf(config) === null ? phones : [...phones, 'email'];
}
