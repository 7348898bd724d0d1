// A session's device and sign-in method in words, not a raw user agent and `knowledge`.
import { describe, expect, it } from 'vitest';
import { deviceLabel, factorLabel } from './session-labels.js';

describe('deviceLabel', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on macOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
      'Chrome on iPhone',
    ],
  ])('%s → %s', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });

  it('says nothing it cannot tell', () => {
    expect(deviceLabel('')).toBeNull();
    expect(deviceLabel(undefined)).toBeNull();
    expect(deviceLabel('curl/8.5.0')).toBeNull();
  });
});

describe('factorLabel', () => {
  it.each([
    ['password', 'knowledge', 'Password'],
    ['magic_link', 'email', 'Magic link'],
    ['otp', 'sms', 'One-time code (SMS)'],
    ['otp', 'email', 'One-time code (email)'],
    ['webauthn', 'webauthn_registration', 'Passkey'],
    ['totp', 'authenticator_app', 'Authenticator app'],
    ['oauth', 'oauth_google', 'OAuth (Google)'],
    ['oauth', 'oauth_github', 'OAuth (GitHub)'],
    ['recovery_codes', 'recovery_code', 'Recovery code'],
    ['something_new', 'elsewhere', 'something new'],
  ])('%s by %s → %s', (type, delivery_method, label) => {
    expect(factorLabel({ type, delivery_method })).toBe(label);
  });
});
