import { describe, expect, it } from 'vitest';
import { authenticateMagicLink, latestToken, requestMagicLink } from '../../../test/magic-link-helpers.js';
import { json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { loadConfig } from '../../config.js';

describe('POST /dev/clock with LATCHKEY_DEV_CLOCK=1', () => {
  const ctx = useTestContext({ devClock: true });

  it('moves every expiry rule forward: a link past its lifetime is refused', async () => {
    const email = 'clock@example.com';
    await requestMagicLink(ctx, email, { login_expiration_minutes: 5, signup_expiration_minutes: 5 });
    const token = await latestToken(ctx, email);

    const moved = await ctx.app.inject({
      method: 'POST',
      url: '/dev/clock',
      payload: { advance_seconds: 301 },
    });
    expect(moved.statusCode).toBe(200);
    expect(json(moved).offset_seconds).toBe(301);
    expect(Date.parse(json(moved).now) - ctx.clock.now().getTime()).toBe(301_000);

    const redeemed = await authenticateMagicLink(ctx, token);
    expect(redeemed.statusCode).toBe(401);
    expect(json(redeemed).error_type).toBe('unable_to_auth_magic_link');
  });

  it('only moves forward, by a bounded whole number of seconds', async () => {
    for (const advance_seconds of [-1, 1.5, 'x', 400 * 24 * 3600]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/dev/clock',
        payload: { advance_seconds },
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('without LATCHKEY_DEV_CLOCK', () => {
  const ctx = useTestContext();

  it('has no clock route', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/dev/clock',
      payload: { advance_seconds: 60 },
    });
    expect(response.statusCode).toBe(404);
  });

  it('refuses the variable in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com', LATCHKEY_DEV_CLOCK: '1' }),
    ).toThrow(/development only/);
  });
});
