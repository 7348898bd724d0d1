/** Request log lines name the client as the limits count it (client_ip), never the proxy's socket or a spoofed entry. */
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { sdkHeaders } from '../../test/test-app.js';
import { useTestContext } from '../../test/use-test-context.js';
import { createProviderLogger } from '../logging/provider-logger.js';

const lines: Array<Record<string, unknown>> = [];
const destination = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
    done();
  },
});
const ctx = useTestContext({
  trustedProxies: '127.0.0.1',
  logger: createProviderLogger({ level: 'info', destination }),
});

it('binds the resolved client address to the request lines, and logs no socket or Host', async () => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/sdk/v1/magic_links/email/login_or_create',
    remoteAddress: '127.0.0.1',
    headers: { ...sdkHeaders(ctx.dev.public_token), 'x-forwarded-for': '198.51.100.66, 203.0.113.7' },
    payload: { email: 'logged@example.com' },
  });
  expect(response.statusCode).toBe(200);
  const completed = lines.filter((line) => line.msg === 'request completed');
  expect(completed.length).toBeGreaterThan(0);
  expect(completed.at(-1)).toMatchObject({ client_ip: '203.0.113.7' });
  const all = JSON.stringify(lines);
  expect(all).not.toContain('198.51.100.66');
  expect(all).not.toContain('remoteAddress');
});

it('binds it in the request logger Fastify makes, so the "incoming request" line names the client too', async () => {
  lines.length = 0;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/sdk/v1/sessions/authenticate',
    remoteAddress: '127.0.0.1',
    headers: { ...sdkHeaders(ctx.dev.public_token), 'x-forwarded-for': '203.0.113.8' },
    payload: {},
  });
  expect(response.statusCode).toBe(401);
  const incoming = lines.find((line) => line.msg === 'incoming request');
  expect(incoming).toMatchObject({ client_ip: '203.0.113.8' });
  expect(incoming?.reqId).toEqual(expect.any(String));
  const ofRequest = lines.filter((line) => line.reqId === incoming?.reqId);
  expect(ofRequest.length).toBeGreaterThan(1);
  expect(ofRequest.map((line) => line.client_ip)).toEqual(ofRequest.map(() => '203.0.113.8'));
});
