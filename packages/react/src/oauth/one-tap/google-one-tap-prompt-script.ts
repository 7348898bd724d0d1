/**
 * @module oauth/one-tap/google-one-tap-prompt-script — the standalone bundle's stand-in for
 * @latchkey/client's internal/google-one-tap-prompt.ts: the same function, whose code comes from
 * latchkey-one-tap.js the first time One Tap starts.
 */
import { importChunkScript } from '../../chunks/import-chunk-script.js';

/** The file scripts/build-standalone.mjs writes the client's One Tap prompt to, next to the widget bundle. */
export const ONE_TAP_SCRIPT_NAME = 'latchkey-one-tap.js';

// Typed loosely on purpose: the real module is internal to @latchkey/client, so this package cannot
// name its types. The build swaps this file in for it, and standalone.test.ts runs the two together.
interface OneTapPromptChunk {
  promptGoogleOneTap(...args: unknown[]): Promise<unknown>;
}

/**
 * Loads the chunk, then runs the client's `promptGoogleOneTap(ctx, options)`. A chunk that cannot
 * load rejects, which `oauth.googleOneTap.start` reports as `{ success: false, reason: 'unknown_reason' }`.
 */
export function promptGoogleOneTap(...args: unknown[]): Promise<unknown> {
  return importChunkScript<OneTapPromptChunk>(ONE_TAP_SCRIPT_NAME).then((chunk) =>
    chunk.promptGoogleOneTap(...args),
  );
}
