/**
 * @module screens/later-screens-script — the standalone bundle's stand-in for later-screens.ts:
 * each screen after Main loads latchkey-screens.js, then renders the real screen. The widget
 * fetches the file once it has painted (use-preload-screens.ts), so a person who types an email
 * and presses Continue normally finds it there; a busy indicator shows while it is not.
 */
import type { ComponentType } from 'react';
import { fromChunk } from '../chunks/chunk-stand-in.js';
import type * as LaterScreens from './later-screens.js';

/** The file scripts/build-standalone.mjs writes later-screens.ts to, next to the widget bundle. */
export const SCREENS_SCRIPT_NAME = 'latchkey-screens.js';

type Screens = typeof LaterScreens;

function later<K extends keyof Screens>(name: K): Screens[K] {
  return fromChunk(
    { file: SCREENS_SCRIPT_NAME, unavailable: 'screens.unavailable', loadingClass: 'lk-screen-loading' },
    (chunk: Screens) => chunk[name] as ComponentType<object>,
  ) as Screens[K];
}

export const EmailConfirmationScreen: Screens['EmailConfirmationScreen'] = later('EmailConfirmationScreen');
export const LinkExpiredScreen: Screens['LinkExpiredScreen'] = later('LinkExpiredScreen');
export const OtpAuthenticateScreen: Screens['OtpAuthenticateScreen'] = later('OtpAuthenticateScreen');
export const PasswordCreateOrLoginScreen: Screens['PasswordCreateOrLoginScreen'] = later(
  'PasswordCreateOrLoginScreen',
);
export const PasswordEmailSentScreen: Screens['PasswordEmailSentScreen'] = later('PasswordEmailSentScreen');
export const ResetPasswordScreen: Screens['ResetPasswordScreen'] = later('ResetPasswordScreen');
export const SuccessScreen: Screens['SuccessScreen'] = later('SuccessScreen');
