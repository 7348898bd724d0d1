import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_BLOB_KEYS, SIGNED_IN_BLOB_KEYS } from '../testing/telemetry-blob-keys.js';
import { createTelemetryBlob, type TelemetryBlobInput } from './telemetry-blob.js';

const input: TelemetryBlobInput = {
  random: (array) => array.fill(7),
  clock: { now: () => Date.UTC(2026, 10, 26), setTimeout: () => 0, clearTimeout: () => {} },
  hostname: 'example.com',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the telemetry blob’s timezone', () => {
  it('comes from Temporal when the browser has it, without Intl date formatting (its first use costs a page tens of ms before the widget paints)', () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Europe/Berlin' } });
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    expect(createTelemetryBlob(input).timezone).toBe('Europe/Berlin');
    expect(dateTimeFormat).not.toHaveBeenCalled();
  });

  it('comes from Intl where there is no Temporal', () => {
    vi.stubGlobal('Temporal', undefined);
    expect(createTelemetryBlob(input).timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('is UTC when the browser cannot tell', () => {
    vi.stubGlobal('Temporal', {
      Now: {
        timeZoneId: () => {
          throw new Error('no zone');
        },
      },
    });
    expect(createTelemetryBlob(input).timezone).toBe('UTC');
  });
});

describe('the telemetry blob on the wire', () => {
  it('keeps the wire order and leaves out the ids of nobody signed in', () => {
    vi.stubGlobal('Temporal', undefined);
    const anonymous = JSON.parse(JSON.stringify(createTelemetryBlob(input)));
    expect(Object.keys(anonymous)).toEqual(ANONYMOUS_BLOB_KEYS);
    const signedIn = JSON.parse(
      JSON.stringify(createTelemetryBlob({ ...input, userId: 'u', sessionId: 's' })),
    );
    expect(Object.keys(signedIn)).toEqual(SIGNED_IN_BLOB_KEYS);
  });
});
