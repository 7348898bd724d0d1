import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LatchkeyApiError, LatchkeyNetworkError } from '../errors.js';
import type { Clock } from '../options.js';
import { EventBatcher, type TelemetryEventItem } from './event-batcher.js';
import type { TelemetryBlob } from './telemetry-blob.js';

const clock: Clock = {
  now: () => Date.now(),
  setTimeout: (cb, ms) => setTimeout(cb, ms),
  clearTimeout: (h) => clearTimeout(h as number),
};

function setup() {
  const batches: TelemetryEventItem[][] = [];
  let n = 0;
  const batcher = new EventBatcher({
    publicToken: 'public-token-test-1',
    clock,
    createBlob: () => ({ event_id: `event-id-${++n}` }) as TelemetryBlob,
    send: async (items) => {
      batches.push(items);
    },
  });
  return { batcher, batches };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('EventBatcher', () => {
  it('sends queued events 800 ms after the first one', () => {
    const { batcher, batches } = setup();
    batcher.log({ name: 'a', details: { x: 1 } });
    vi.advanceTimersByTime(500);
    batcher.log({ name: 'b' });
    vi.advanceTimersByTime(299);
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map((item) => item.event)).toEqual([
      { public_token: 'public-token-test-1', event_name: 'a', details: { x: 1 } },
      { public_token: 'public-token-test-1', event_name: 'b', details: {} },
    ]);
    expect(batches[0]!.map((item) => item.telemetry.event_id)).toEqual(['event-id-1', 'event-id-2']);
    vi.advanceTimersByTime(5000);
    expect(batches).toHaveLength(1);
  });

  it('sends at once when 15 are queued', () => {
    const { batcher, batches } = setup();
    for (let i = 0; i < 14; i++) batcher.log({ name: `e${i}` });
    expect(batches).toHaveLength(0);
    batcher.log({ name: 'e14' });
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(15);
    batcher.log({ name: 'next' });
    vi.advanceTimersByTime(800);
    expect(batches.map((b) => b.length)).toEqual([15, 1]);
  });

  it('requires an event name', () => {
    const { batcher } = setup();
    expect(() => batcher.log({ name: 7 as unknown as string })).toThrow('name must be a string');
  });

  it('adds error fields only when an error is given', () => {
    const { batcher, batches } = setup();
    batcher.log({
      name: 'oauth_failure',
      details: { error: 'x' },
      error: new LatchkeyApiError({ code: 'oauth_token_invalid', status: 401, message: 'Bad token' }),
    });
    batcher.log({ name: 'deeplink_handled_failure', error: new LatchkeyNetworkError('offline') });
    batcher.flush();
    expect(batches[0]![0]!.event).toEqual({
      public_token: 'public-token-test-1',
      event_name: 'oauth_failure',
      details: { error: 'x' },
      error_code: 'oauth_token_invalid',
      error_description: 'Bad token',
      http_status_code: 401,
    });
    expect(batches[0]![1]!.event).toEqual({
      public_token: 'public-token-test-1',
      event_name: 'deeplink_handled_failure',
      details: {},
      error_code: 'network_unreachable',
      error_description: 'offline',
    });
  });
});
