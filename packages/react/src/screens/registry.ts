/** @module screens/registry — every Screen name mapped to its component; a missing one fails to compile. */
import type { ComponentType } from 'react';
import {
  CryptoErrorScreen,
  CryptoOtherScreen,
  CryptoSetupWalletScreen,
  CryptoWaitScreen,
} from '../crypto/crypto-screens.js';
import type { ScreenName, ScreenOf } from '../machine/screen.js';
import { MfaAuthenticateScreen } from '../mfa/mfa-screens.js';
import { PasskeyStartScreen, PasskeySuccessScreen } from '../passkey/passkey-screens.js';
import {
  EmailConfirmationScreen,
  LinkExpiredScreen,
  OtpAuthenticateScreen,
  PasswordCreateOrLoginScreen,
  PasswordEmailSentScreen,
  ResetPasswordScreen,
  SuccessScreen,
} from './later-screens.js';
import { MainScreen } from './main-screen.js';

/** The component of screen `N`: it receives exactly its own union member. */
export type ScreenComponent<N extends ScreenName> = ComponentType<{ screen: ScreenOf<N> }>;

/** A component for every screen name (a mapped type, not a switch, so none can be forgotten). */
export type ScreenRegistry = { readonly [N in ScreenName]: ScreenComponent<N> };

/** The registry. */
export const screenRegistry: ScreenRegistry = {
  Main: MainScreen,
  PasskeyRegistrationStart: PasskeyStartScreen,
  PasskeyRegistrationSuccess: PasskeySuccessScreen,
  PasskeyConfirmation: SuccessScreen,
  PasswordResetForm: ResetPasswordScreen,
  PasswordCreateOrLogin: PasswordCreateOrLoginScreen,
  PasswordForgot: PasswordEmailSentScreen,
  PasswordBreached: PasswordEmailSentScreen,
  PasswordSetNew: PasswordEmailSentScreen,
  PasswordDedupe: PasswordEmailSentScreen,
  PasswordConfirmation: SuccessScreen,
  EmailConfirmation: EmailConfirmationScreen,
  OTPAuthenticate: OtpAuthenticateScreen,
  OTPConfirmation: SuccessScreen,
  CryptoConnect: CryptoWaitScreen,
  CryptoSignMessage: CryptoWaitScreen,
  CryptoOtherScreen: CryptoOtherScreen,
  CryptoSetupWallet: CryptoSetupWalletScreen,
  CryptoError: CryptoErrorScreen,
  CryptoConfirmation: SuccessScreen,
  MFAAuthenticate: MfaAuthenticateScreen,
  MFAConfirmation: SuccessScreen,
  LinkExpired: LinkExpiredScreen,
};
