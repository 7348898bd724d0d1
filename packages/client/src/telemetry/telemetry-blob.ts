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

function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
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
  } as TelemetryBlob;
  if (input.userId !== undefined) blob.stytch_user_id = input.userId;
  if (input.sessionId !== undefined) blob.stytch_session_id = input.sessionId;
  blob.app = { identifier: input.hostname };
  blob.sdk = { identifier: SDK_IDENTIFIER, version: SDK_VERSION };
  return blob;
}
