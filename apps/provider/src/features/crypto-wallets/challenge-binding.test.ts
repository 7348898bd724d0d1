/** isBoundToRequest: expiry, origin and session binding of a consumed challenge (SECURITY G1, G2). */
import { expect, it } from 'vitest';
import { isBoundToRequest } from './challenge-binding.js';

const now = new Date('2026-03-01T12:00:00.000Z');
const primary = {
  expires_at: new Date(now.getTime() + 1),
  origin: 'https://app.example',
  session_id: null,
  for_server: false,
};
const secondary = { ...primary, session_id: 'session-test-1' };
const request = { origin: 'https://app.example', liveSessionId: null, now };

it('a primary challenge passes for its origin before it expires, whatever session is presented', () => {
  expect(isBoundToRequest(primary, request)).toBe(true);
  expect(isBoundToRequest(primary, { ...request, liveSessionId: 'session-test-9' })).toBe(true);
});

it('another origin, even one differing only in scheme or port, does not pass', () => {
  for (const origin of ['https://evil.example', 'http://app.example', 'https://app.example:8443']) {
    expect(isBoundToRequest(primary, { ...request, origin })).toBe(false);
  }
});

it('a challenge at or past its expiry does not pass', () => {
  expect(isBoundToRequest({ ...primary, expires_at: now }, request)).toBe(false);
});

it('a secondary challenge passes only for its own live session', () => {
  expect(isBoundToRequest(secondary, { ...request, liveSessionId: 'session-test-1' })).toBe(true);
  expect(isBoundToRequest(secondary, request)).toBe(false);
  expect(isBoundToRequest(secondary, { ...request, liveSessionId: 'session-test-2' })).toBe(false);
});

it("a server-issued challenge passes only for the server API, and a browser's never there", () => {
  const forServer = { ...primary, for_server: true };
  expect(isBoundToRequest(forServer, { ...request, origin: 'server' })).toBe(true);
  expect(isBoundToRequest(forServer, request)).toBe(false);
  expect(isBoundToRequest(primary, { ...request, origin: 'server' })).toBe(false);
  const serverSecondary = { ...forServer, session_id: 'session-test-1' };
  expect(
    isBoundToRequest(serverSecondary, { ...request, origin: 'server', liveSessionId: 'session-test-1' }),
  ).toBe(true);
  expect(isBoundToRequest(serverSecondary, { ...request, origin: 'server' })).toBe(false);
});
