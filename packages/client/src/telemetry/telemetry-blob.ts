/** @module telemetry/telemetry-blob — the `X-SDK-Client` telemetry object (wire `client-state.md`). */

import { uuidV4 } from '../internal/uuid.js';
import type { Clock, RandomValues } from '../options.js';

/** Reported as the SDK identity; kept equal to the official client's so providers treat us alike. */
export const SDK_IDENTIFIER = 'Stytch.js Javascript SDK';
/** The package version (spec §9). */
export const SDK_VERSION = '5.1.2';

/** The telemetry object; key order matters on the wire, so it is built in this order. */
export interface TelemetryBlob {
  event_id: string;
  app_session_id: string;
  persistent_id: string;
  client_sent_at: string;
  timezone: string;
  stytch_user_id?: string;
  stytch_session_id?: string;
  app: { identifier: string };
  sdk: { identifier: string; version: string };
}

/** What a blob needs: fresh randomness, the time, the page host and the signed-in ids if any. */
export interface TelemetryBlobInput {
  random: RandomValues;
  clock: Clock;
  hostname: string;
  userId?: string | undefined;
  sessionId?: string | undefined;
}

/** Temporal, where the browser has it (Chromium 144+, Firefox 139+); TypeScript's lib does not yet. */
type WithTemporal = typeof globalThis & { Temporal?: { Now: { timeZoneId(): string } } };

// Temporal reads the zone without Intl's date formatting, whose first use loads ICU data: in a
// fresh Chromium page that costs 20–190 ms of main thread, and the first blob is built while the
// widget mounts, before it paints.
function browserTimezone(): string {
  try {
    return (
      (globalThis as WithTemporal).Temporal?.Now.timeZoneId() ??
      Intl.DateTimeFormat().resolvedOptions().timeZone
    );
  } catch {
    return 'UTC';
  }
}

/** A new blob; all three ids are fresh per blob, as the official client does. */
export function createTelemetryBlob(input: TelemetryBlobInput): TelemetryBlob {
  const blob: TelemetryBlob = {
    event_id: `event-id-${uuidV4(input.random)}`,
    app_session_id: `app-session-id-${uuidV4(input.random)}`,
    persistent_id: `persistent-id-${uuidV4(input.random)}`,
    client_sent_at: new Date(input.clock.now()).toISOString(),
    timezone: browserTimezone(),
    // Absent ids stay out of the header: JSON.stringify leaves undefined members out.
    stytch_user_id: input.userId,
    stytch_session_id: input.sessionId,
    app: { identifier: input.hostname },
    sdk: { identifier: SDK_IDENTIFIER, version: SDK_VERSION },
  } as TelemetryBlob;
  return blob;
}
