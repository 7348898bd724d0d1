/** @module testing/telemetry-blob-keys — the X-SDK-Client blob's keys in wire order (client-state.md), written once for the tests. */

/** A signed-in browser's blob, in the order the wire lists its keys. */
export const SIGNED_IN_BLOB_KEYS: readonly string[] = [
  'event_id',
  'app_session_id',
  'persistent_id',
  'client_sent_at',
  'timezone',
  'stytch_user_id',
  'stytch_session_id',
  'app',
  'sdk',
];

/** Nobody signed in: the same order without the user and session ids. */
export const ANONYMOUS_BLOB_KEYS: readonly string[] = SIGNED_IN_BLOB_KEYS.filter(
  (key) => !key.startsWith('stytch_'),
);
