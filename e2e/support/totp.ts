// Authenticator-app codes as a phone would show them, at the provider's time (its dev clock may be ahead).
import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { providerUrl } from './stack.js';

/** The provider's clock offset in milliseconds (POST /dev/clock moves it forward). */
export async function providerClockOffsetMs(request: APIRequestContext): Promise<number> {
  const response = await request.get(`${providerUrl}/dev/clock`);
  if (!response.ok()) throw new Error(`dev clock answered ${response.status()}`);
  return ((await response.json()) as { offset_seconds: number }).offset_seconds * 1000;
}

/** Moves the provider's clock past the current 30-second step, so the app shows a new code. */
export async function nextTotpStep(request: APIRequestContext): Promise<void> {
  const moved = await request.post(`${providerUrl}/dev/clock`, { data: { advance_seconds: 30 } });
  if (!moved.ok()) throw new Error(`dev clock answered ${moved.status()}`);
}

/** The 6-digit code for `secret` (base32) at the provider's now. */
export async function totpCode(request: APIRequestContext, secret: string): Promise<string> {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + (await providerClockOffsetMs(request)) });
}

/** A 6-digit code that is none of the ones the provider accepts now (±1 step). */
export async function wrongTotpCode(request: APIRequestContext, secret: string): Promise<string> {
  const now = Date.now() + (await providerClockOffsetMs(request));
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  const accepted = new Set([-30_000, 0, 30_000].map((delta) => totp.generate({ timestamp: now + delta })));
  for (let n = 123456; ; n = (n + 111111) % 1_000_000) {
    const code = String(n).padStart(6, '0');
    if (!accepted.has(code)) return code;
  }
}
