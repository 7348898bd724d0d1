/** LATCHKEY_SMS_* / LATCHKEY_WHATSAPP_FROM: all or nothing, read into config.messagingApi. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

const full = {
  LATCHKEY_SMS_API_URL: 'https://api.twilio.com',
  LATCHKEY_SMS_ACCOUNT_SID: 'AC1',
  LATCHKEY_SMS_AUTH_TOKEN: 'tok',
  LATCHKEY_SMS_FROM: '+15005550006',
  LATCHKEY_WHATSAPP_FROM: '+14155238886',
};

describe('messaging configuration', () => {
  it('is absent without LATCHKEY_SMS_API_URL (dev outbox in development, 503 for texts in production)', () => {
    expect(loadConfig({}).messagingApi).toBeUndefined();
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://m:25',
      LATCHKEY_PUBLIC_URL: 'https://auth.example.com',
      LATCHKEY_KEY_ENCRYPTION_SECRET: 's'.repeat(32),
    };
    expect(loadConfig(production).messagingApi).toBeUndefined();
  });

  it('reads every variable', () => {
    expect(loadConfig(full).messagingApi).toEqual({
      apiUrl: 'https://api.twilio.com',
      accountSid: 'AC1',
      authToken: 'tok',
      smsFrom: '+15005550006',
      whatsappFrom: '+14155238886',
    });
    expect(loadConfig({ ...full, LATCHKEY_WHATSAPP_FROM: '' }).messagingApi?.whatsappFrom).toBeUndefined();
  });

  it.each([
    [
      'a sid without the URL',
      { LATCHKEY_SMS_ACCOUNT_SID: 'AC1' },
      /LATCHKEY_SMS_ACCOUNT_SID is set but LATCHKEY_SMS_API_URL is not/,
    ],
    [
      'the URL without credentials',
      { LATCHKEY_SMS_API_URL: 'https://api.twilio.com' },
      /ACCOUNT_SID and LATCHKEY_SMS_AUTH_TOKEN/,
    ],
    [
      'no sender',
      { ...full, LATCHKEY_SMS_FROM: '', LATCHKEY_WHATSAPP_FROM: '' },
      /LATCHKEY_SMS_FROM and\/or/,
    ],
    ['a URL that is not http(s)', { ...full, LATCHKEY_SMS_API_URL: 'ftp://x' }, /must start with https/],
  ])('refuses to start with %s', (_name, env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
