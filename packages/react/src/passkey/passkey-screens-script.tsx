/**
 * @module passkey/passkey-screens-script — the standalone bundle's stand-in for passkey-screens.ts:
 * each screen loads latchkey-passkey-registration.js, then renders the real one. Pages that never
 * mount the passkey-registration widget never fetch it.
 */
import type { ComponentType } from 'react';
import { type ChunkSource, fromChunk } from '../chunks/chunk-stand-in.js';
import type { ScreenOf } from '../machine/screen.js';
import type * as PasskeyScreens from './passkey-screens.js';

/** The file scripts/build-standalone.mjs writes passkey-screens.ts (and the creation ceremony) to, next to the widget bundle. */
export const PASSKEY_REGISTRATION_SCRIPT_NAME = 'latchkey-passkey-registration.js';

type Chunk = typeof PasskeyScreens;

const SOURCE: ChunkSource = {
  file: PASSKEY_REGISTRATION_SCRIPT_NAME,
  unavailable: 'passkey.unavailable',
  loadingClass: 'lk-passkey-loading',
};

/** PasskeyRegistrationStart, from the chunk. */
export const PasskeyStartScreen: ComponentType<{ screen: ScreenOf<'PasskeyRegistrationStart'> }> = fromChunk(
  SOURCE,
  (chunk: Chunk) => chunk.PasskeyStartScreen,
);

/** PasskeyRegistrationSuccess, from the chunk. */
export const PasskeySuccessScreen: ComponentType<{ screen: ScreenOf<'PasskeyRegistrationSuccess'> }> =
  fromChunk(SOURCE, (chunk: Chunk) => chunk.PasskeySuccessScreen);
