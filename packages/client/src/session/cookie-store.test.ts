import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryCookieJar } from '../internal/memory-cookie-jar.js';
import { type CookieOptions, resolveOptions } from '../options.js';
import { createRecordingCookieJar, PUBLIC_TOKEN } from '../testing/fakes.js';
import { CookieStore, isLoopbackHostname } from './cookie-store.js';

const clock = {
  now: () => Date.now(),
  setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as number),
};

function setup(hostname: string, cookieOptions: CookieOptions = {}, jar = createRecordingCookieJar()) {
  const logger = {
    warn: vi.fn<(...data: unknown[]) => void>(),
    error: vi.fn<(...data: unknown[]) => void>(),
  };
  const options = resolveOptions({ publicToken: PUBLIC_TOKEN, cookieOptions }).cookieOptions;
  const store = new CookieStore({
    jar,
    options,
    location: { origin: `https://${hostname}`, hostname },
    clock,
    logger,
  });
  return { store, jar, logger };
}

const EXPIRES_AT = '2030-01-01T01:00:00.000Z';
const EXPIRES = 'Tue, 01 Jan 2030 01:00:00 GMT';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session cookies', () => {
  it('omit Secure on localhost and expire with the session', () => {
    const { store, jar } = setup('localhost');
    store.writeSession('tok', 'jwt', EXPIRES_AT);
    expect(jar.writes).toEqual([
      `stytch_session=tok; Path=/; Expires=${EXPIRES}; SameSite=Lax`,
      `stytch_session_jwt=jwt; Path=/; Expires=${EXPIRES}; SameSite=Lax`,
    ]);
    expect(store.sessionToken()).toBe('tok');
    expect(store.sessionJwt()).toBe('jwt');
  });

  it('are Secure, SameSite=Lax on https://example.com', () => {
    const { store, jar } = setup('example.com');
    store.writeSession('tok', 'jwt', EXPIRES_AT);
    expect(jar.writes[0]).toBe(`stytch_session=tok; Path=/; Expires=${EXPIRES}; SameSite=Lax; Secure`);
  });

  it('treat [::1] and 127.x.x.x as loopback, nothing else', () => {
    expect(['localhost', '[::1]', '127.0.0.1', '127.10.20.30'].every(isLoopbackHostname)).toBe(true);
    expect(
      ['example.com', '128.0.0.1', 'localhost.example.com', '127.0.0.1.nip.io'].some(isLoopbackHostname),
    ).toBe(false);
  });

  it('use the configured names and path, and Domain only when availableToSubdomains', () => {
    const names = { opaqueTokenCookieName: 'sess', jwtCookieName: 'sess_jwt', path: '/app' };
    const plain = setup('app.example.com', { ...names, domain: 'example.com' });
    plain.store.writeSession('t', 'j', EXPIRES_AT);
    expect(plain.jar.writes[0]).toBe(`sess=t; Path=/app; Expires=${EXPIRES}; SameSite=Lax; Secure`);
    const shared = setup('app.example.com', { ...names, availableToSubdomains: true, domain: 'example.com' });
    shared.store.writeSession('t', 'j', EXPIRES_AT);
    expect(shared.jar.writes[1]).toBe(
      `sess_jwt=j; Path=/app; Expires=${EXPIRES}; Domain=example.com; SameSite=Lax; Secure`,
    );
    const host = setup('app.example.com', { availableToSubdomains: true });
    host.store.writeSession('t', 'j', EXPIRES_AT);
    expect(host.jar.writes[0]).toContain('; Domain=app.example.com;');
  });

  it('reject non-string names and path, naming the option', () => {
    expect(() => setup('localhost', { path: 5 as unknown as string })).toThrow(
      'cookieOptions.path must be a string',
    );
    expect(() => setup('localhost', { jwtCookieName: null as unknown as string })).toThrow(
      expect.objectContaining({ argument: 'cookieOptions.jwtCookieName', code: 'invalid_argument' }),
    );
  });
});

describe('intermediate session token', () => {
  it('lives 10 minutes', () => {
    const { store, jar } = setup('localhost');
    store.writeIntermediate('ist-1');
    expect(jar.writes).toEqual([
      'stytch_intermediate_session_token=ist-1; Path=/; Expires=Tue, 01 Jan 2030 00:10:00 GMT; SameSite=Lax',
    ]);
    expect(store.intermediateToken()).toBe('ist-1');
  });
});

describe('write check', () => {
  it('rewrites a cookie once when it is gone 10 ms later', () => {
    const inner = createMemoryCookieJar();
    const writes: string[] = [];
    let dropNext = true;
    const jar = {
      writes,
      get: () => inner.get(),
      set(cookie: string) {
        writes.push(cookie);
        if (dropNext && cookie.startsWith('stytch_session=')) dropNext = false;
        else inner.set(cookie);
      },
    };
    const { store } = setup('localhost', {}, jar);
    store.writeSession('tok', 'jwt', EXPIRES_AT);
    expect(store.sessionToken()).toBeNull();
    vi.advanceTimersByTime(9);
    expect(writes).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(writes).toHaveLength(3);
    expect(writes[2]).toBe(writes[0]);
    expect(store.sessionToken()).toBe('tok');
    vi.advanceTimersByTime(100);
    expect(writes).toHaveLength(3);
  });

  it('does not bring back a cookie removed before its check ran', () => {
    // A background refresh answers, then a sign-out's revoke answers within 10 ms.
    const { store } = setup('localhost');
    store.writeSession('tok', 'jwt', EXPIRES_AT);
    vi.advanceTimersByTime(5);
    store.removeSession();
    vi.advanceTimersByTime(100);
    expect(store.sessionToken()).toBeNull();
    expect(store.sessionJwt()).toBeNull();
  });

  it('checks only the newest of two quick writes', () => {
    const { store, jar } = setup('localhost');
    store.writeSession('old', 'jwt-old', EXPIRES_AT);
    store.writeSession('new', 'jwt-new', EXPIRES_AT);
    vi.advanceTimersByTime(100);
    expect(jar.writes).toHaveLength(4);
    expect(store.sessionToken()).toBe('new');
  });

  it('warns once about duplicate cookies it cannot remove', () => {
    // A parent-domain cookie with the same name that our variants never match.
    const inner = createMemoryCookieJar();
    const jar = {
      writes: [] as string[],
      get: () => `stytch_session=parent-value; ${inner.get()}`,
      set: (cookie: string) => inner.set(cookie),
    };
    const { store, logger } = setup('localhost', {}, jar);
    store.writeSession('tok', 'jwt', EXPIRES_AT);
    vi.advanceTimersByTime(10);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(String(logger.warn.mock.calls[0]![0])).toMatch(
      /duplicate cookies named "stytch_session" that cannot be removed/,
    );
    store.removeSession();
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });
});

describe('removal', () => {
  it('expires both cookies under every subdomain × path × domain variant', () => {
    const { store, jar } = setup('app.example.com', { path: '/app', domain: 'example.com' });
    store.writeSession('tok', 'jwt', EXPIRES_AT);
    jar.writes.length = 0;
    store.removeSession();
    const epoch = 'Expires=Thu, 01 Jan 1970 00:00:00 GMT';
    const variants = (name: string) => [
      `${name}=; ${epoch}; Path=/app; Domain=example.com`,
      `${name}=; ${epoch}; Path=/app; Domain=app.example.com`,
      `${name}=; ${epoch}; Domain=example.com`,
      `${name}=; ${epoch}; Domain=app.example.com`,
      `${name}=; ${epoch}; Path=/app`,
      `${name}=; ${epoch}`,
    ];
    expect(jar.writes).toEqual([...variants('stytch_session'), ...variants('stytch_session_jwt')]);
    expect(store.sessionToken()).toBeNull();
    expect(store.sessionJwt()).toBeNull();
  });
});
