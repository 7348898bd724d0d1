/** The dev outbox: JSON API, HTML page, and its absence in production mode. */
import { describe, expect, it } from 'vitest';
import { requestMagicLink } from '../../../test/magic-link-helpers.js';
import { drainDeliveries, json } from '../../../test/test-app.js';
import { useTestContext } from '../../../test/use-test-context.js';

const ctx = useTestContext();

describe('development mode', () => {
  it('lists messages newest first, filtered by recipient case-insensitively', async () => {
    await requestMagicLink(ctx, 'outbox-a@example.com');
    await requestMagicLink(ctx, 'outbox-b@example.com');
    await requestMagicLink(ctx, 'outbox-a@example.com');
    await drainDeliveries(ctx);
    const all = json(await ctx.app.inject({ method: 'GET', url: '/dev/outbox/messages' })).messages;
    expect(all.map((m: { to: string }) => m.to)).toEqual([
      'outbox-a@example.com',
      'outbox-b@example.com',
      'outbox-a@example.com',
    ]);
    const onlyA = json(
      await ctx.app.inject({ method: 'GET', url: '/dev/outbox/messages?to=Outbox-A@Example.com' }),
    ).messages;
    expect(onlyA).toHaveLength(2);
    expect(onlyA[0]).toEqual({
      id: expect.any(String),
      channel: 'email',
      to: 'outbox-a@example.com',
      from: 'Latchkey <no-reply@localhost>',
      subject: expect.stringMatching(/sign-in link/),
      text: expect.stringContaining('token='),
      html: expect.stringContaining(
        '<a href="http://localhost:4100/authenticate?stytch_token_type=magic_links&amp;token=',
      ),
      created_at: ctx.clock.now().toISOString(),
    });
  });

  it('serves an HTML page with clickable links, escaped content and no referrer', async () => {
    await requestMagicLink(ctx, 'page@example.com');
    // The second request is a login, so its link carries the odd redirect URL.
    await requestMagicLink(ctx, 'page@example.com', {
      login_magic_link_url: 'http://localhost:4100/x?a=<b>',
    });
    await drainDeliveries(ctx);
    const response = await ctx.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.body).toMatch(
      /<a href="http:\/\/localhost:4100\/authenticate\?stytch_token_type=magic_links&amp;token=[A-Za-z0-9_-]{44}">/,
    );
    expect(response.body).not.toContain('<b>');
    expect(response.body).toMatch(
      /<a href="http:\/\/localhost:4100\/x\?a=&lt;b&gt;&amp;stytch_token_type=magic_links&amp;token=/,
    );
  });

  it('shows each email as rendered HTML in a sandbox that runs no script', async () => {
    await requestMagicLink(ctx, 'preview@example.com');
    await drainDeliveries(ctx);
    const response = await ctx.app.inject({ method: 'GET', url: '/dev/outbox' });
    const frame = response.body.match(/<iframe [^>]*>/)?.[0] ?? '';
    expect(frame).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(frame).not.toContain('allow-scripts');
    // The whole email sits escaped inside srcdoc, so its markup cannot break out into the page.
    expect(frame).toMatch(
      /srcdoc="&lt;!doctype html&gt;[\s\S]*&lt;base target=&quot;_blank&quot;&gt;[\s\S]*stytch_token_type=magic_links/,
    );
    expect(frame).not.toMatch(/srcdoc="[^"]*<a /);
  });
});

describe('production mode', () => {
  const prod = useTestContext({ mode: 'production' });

  it('has no outbox routes', async () => {
    expect((await prod.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    expect((await prod.app.inject({ method: 'GET', url: '/dev/outbox/messages' })).statusCode).toBe(404);
  });
});
