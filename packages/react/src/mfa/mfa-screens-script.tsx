/**
 * @module mfa/mfa-screens-script — the standalone bundle's stand-in for mfa-screens.ts:
 * MFAAuthenticate loads latchkey-mfa.js, then renders the real screen. Only sign-ins that need a
 * second factor reach it, so other pages never fetch the file.
 */
import type { ComponentType } from 'react';
import { fromChunk } from '../chunks/chunk-stand-in.js';
import type { ScreenOf } from '../machine/screen.js';
import type * as MfaScreens from './mfa-screens.js';

/** The file scripts/build-standalone.mjs writes mfa-screens.ts to, next to the widget bundle. */
export const MFA_SCRIPT_NAME = 'latchkey-mfa.js';

/** MFAAuthenticate, from the chunk. */
export const MfaAuthenticateScreen: ComponentType<{ screen: ScreenOf<'MFAAuthenticate'> }> = fromChunk(
  { file: MFA_SCRIPT_NAME, unavailable: 'mfa.unavailable', loadingClass: 'lk-mfa-loading' },
  (chunk: typeof MfaScreens) => chunk.MfaAuthenticateScreen,
);
