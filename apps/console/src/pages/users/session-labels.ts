/**
 * @module session-labels — a live session in words an operator reads at a glance: the browser and
 * system its user agent names ("Chrome on Windows"), and how it was signed in ("Password",
 * "Magic link") instead of the factor's wire names (`knowledge`, `magic_link`).
 */
import type { AuthenticationFactor } from '@latchkey/wire';
import { oauthProviderName } from '@latchkey/wire/oauth-providers';
import { signInMethodLabel } from '../../lib/sign-in-methods.js';

const OTP_CHANNELS: Record<string, string> = { email: 'email', sms: 'SMS', whatsapp: 'WhatsApp' };

/** "Password", "One-time code (SMS)", "OAuth (Google)"; an unknown type in plain words. */
export function factorLabel(factor: Pick<AuthenticationFactor, 'type' | 'delivery_method'>): string {
  const label = signInMethodLabel(factor.type);
  if (factor.type === 'oauth' && factor.delivery_method.startsWith('oauth_'))
    return `${label} (${oauthProviderName(factor.delivery_method.slice('oauth_'.length))})`;
  const channel = OTP_CHANNELS[factor.delivery_method];
  if (factor.type === 'otp' && channel) return `${label} (${channel})`;
  return label;
}

// Most specific first: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  // No \b: a headless Chrome says HeadlessChrome/.
  [/Chrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bAppleWebKit\/.*\bMobile\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Chrome on Windows", "Safari on iPhone", "Firefox"; null when the user agent names neither. */
export function deviceLabel(userAgent: string | undefined | null): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? null;
}
