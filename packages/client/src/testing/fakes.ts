/** @module testing/fakes — test doubles for the client's injectable edges (tests only; not built). */

import { type Mock, vi } from 'vitest';
import { createLatchkeyClient, type LatchkeyClient } from '../create-client.js';
import { createMemoryCookieJar } from '../internal/memory-cookie-jar.js';
import { createMemoryStorage } from '../internal/memory-storage.js';
import type { ClientOptions, CookieJar, StorageLike } from '../options.js';
import type { Session, User } from '../wire-types.js';
import { makeSession, makeUser } from './wire-objects.js';

export const PUBLIC_TOKEN = 'public-token-test-11111111-2222-3333-4444-555555555555';

/** One request as the fake fetch saw it. */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  json: unknown;
  signal: AbortSignal | undefined;
}

/** A route answer: status + JSON body (or raw text), or a thrown error, or a promise of one. */
export type FakeAnswer = { status?: number; json?: unknown; text?: string } | Error;
export type FakeHandler = (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;

/** `POST /x` matches a POST whose path ends with `/x`. */
function matches(request: RecordedRequest, pattern: string): boolean {
  const [method, path = ''] = pattern.split(' ');
  return request.method === method && new URL(request.url).pathname.endsWith(path);
}

/** A fetch that records requests and answers from handlers matched by `METHOD path` suffix. */
export function createFakeFetch() {
  const requests: RecordedRequest[] = [];
  const routes: [string, FakeHandler][] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = { ...(init.headers as Record<string, string>) };
    const body = init.body as string | undefined;
    const request: RecordedRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers,
      body,
      json: body === undefined ? undefined : JSON.parse(body),
      signal: init.signal ?? undefined,
    };
    requests.push(request);
    const route = [...routes].reverse().find(([pattern]) => matches(request, pattern));
    const answer = await (route
      ? route[1](request)
      : { status: 404, json: { error_type: 'route_not_found' } });
    if (answer instanceof Error) throw answer;
    const text = answer.text ?? JSON.stringify(answer.json ?? {});
    // A minimal Response: the client reads only `status` and `text()`; a real Response would read its
    // body through timers that fake timers freeze.
    return { status: answer.status ?? 200, text: async () => text } as Response;
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    mock: fetch,
    requests,
    /** Adds a handler for e.g. `POST /sessions/authenticate`; later routes win. */
    on(pattern: string, handler: FakeHandler | FakeAnswer) {
      routes.push([pattern, typeof handler === 'function' ? handler : () => handler]);
    },
    calls(pattern: string): RecordedRequest[] {
      return requests.filter((r) => matches(r, pattern));
    },
  };
}

/** A cookie jar that also keeps every raw string written to it. */
export function createRecordingCookieJar(): CookieJar & { writes: string[] } {
  const jar = createMemoryCookieJar(() => Date.now());
  const writes: string[] = [];
  return {
    writes,
    get: () => jar.get(),
    set(cookie) {
      writes.push(cookie);
      jar.set(cookie);
    },
  };
}

/** A random source whose output is a fixed byte (default 0x2a) so ids and jitter are predictable. */
export function fixedRandom(byte = 0x2a) {
  return (array: Uint8Array<ArrayBuffer> | Uint32Array<ArrayBuffer>) => {
    new Uint8Array(array.buffer, array.byteOffset, array.byteLength).fill(byte);
    return array;
  };
}

/** A random source filling every 32-bit word with `value` (byte arrays get its low byte). */
export function u32Random(value: number) {
  return (array: Uint8Array<ArrayBuffer> | Uint32Array<ArrayBuffer>) => {
    if (array instanceof Uint32Array) array.fill(value);
    else array.fill(value & 0xff);
    return array;
  };
}

/** A promise with its resolve function exposed. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Seeds a signed-in browser: session cookies plus the stored state. */
export function seedSignedIn(
  setup: { cookies: CookieJar; storage: StorageLike },
  session: Session = makeSession(),
  user: User = makeUser(),
  token = 'session-token-0',
): void {
  setup.cookies.set(`stytch_session=${token}; Path=/`);
  setup.cookies.set(`stytch_session_jwt=jwt-for-${token}; Path=/`);
  setup.storage.setItem(`stytch_sdk_state_${PUBLIC_TOKEN}`, JSON.stringify({ session, user }));
}

/** Wraps data in the success envelope. */
export function ok(data: unknown): FakeAnswer {
  return { status: 200, json: { data } };
}

/** A wire error body. */
export function apiError(status: number, errorType: string, message = `${errorType} happened`): FakeAnswer {
  return {
    status,
    json: {
      status_code: status,
      request_id: 'request-id-err',
      error_type: errorType,
      error_message: message,
      error_url: `https://latchkey.dev/errors#${errorType}`,
    },
  };
}

/** A provider error without `error_message`, so the client's default text for the call shows. */
export function bareApiError(status: number, errorType: string): FakeAnswer {
  return { status, json: { status_code: status, error_type: errorType } };
}

type LogFn = Mock<(...data: unknown[]) => void>;

export interface TestClientSetup {
  client: LatchkeyClient;
  fetch: ReturnType<typeof createFakeFetch>;
  cookies: ReturnType<typeof createRecordingCookieJar>;
  storage: StorageLike;
  logger: { warn: LogFn; error: LogFn };
  target: EventTarget;
}

const live: LatchkeyClient[] = [];

/** What `createTestClient` takes besides client options. */
export interface TestClientOptions extends Partial<ClientOptions> {
  /**
   * Seeds a signed-in browser (seedSignedIn) whose start-up refresh stays pending, so it cannot
   * change the state under the test; `prepare` may still answer the refresh.
   */
  signedIn?: boolean;
  /** The bootstrap answer's fields over `password_config: null` (default: an `example.com` email domain). */
  bootstrap?: Record<string, unknown>;
  /** Seeds cookies, storage and routes before construction. */
  prepare?: (setup: Omit<TestClientSetup, 'client'>) => void;
}

/**
 * Builds a client over fakes. The bootstrap route answers with PKCE off unless overridden.
 * `it` from testing/client-test.ts destroys it when the test ends.
 */
export function createTestClient(options: TestClientOptions = {}): TestClientSetup {
  const { prepare, signedIn = false, bootstrap = { email_domains: ['example.com'] }, ...rest } = options;
  const fetch = createFakeFetch();
  fetch.on(`GET /projects/bootstrap/${PUBLIC_TOKEN}`, ok({ password_config: null, ...bootstrap }));
  fetch.on('POST /events', ok({}));
  const cookies = createRecordingCookieJar();
  const storage = createMemoryStorage();
  const logger = {
    warn: vi.fn<(...data: unknown[]) => void>(),
    error: vi.fn<(...data: unknown[]) => void>(),
  };
  const target = new EventTarget();
  if (signedIn) {
    seedSignedIn({ cookies, storage });
    fetch.on('POST /sessions/authenticate', () => new Promise(() => {}));
  }
  prepare?.({ fetch, cookies, storage, logger, target });
  const client = createLatchkeyClient({
    publicToken: PUBLIC_TOKEN,
    baseUrl: 'http://provider.test',
    fetch: fetch.fetch,
    cookies,
    storage,
    logger,
    random: fixedRandom(),
    location: { origin: 'http://localhost:4100', hostname: 'localhost' },
    eventTarget: target as unknown as ClientOptions['eventTarget'],
    ...rest,
  });
  live.push(client);
  return { client, fetch, cookies, storage, logger, target };
}

/** Destroys every client made by createTestClient (client-test's `it` calls it after each test). */
export function destroyTestClients(): void {
  for (const client of live.splice(0)) client.destroy();
}

/** Lets pending promise callbacks run (fetch fakes resolve through several microtasks). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
