/** @module @latchkey/react — the sign-in widget: React components, hooks and mount functions. */
// Everything here runs in the browser (hooks, widgets): a React Server Components host treats
// this entry as a client boundary. It must stay the first statement of the emitted file.
'use client';

export { systemClock, type WidgetClock } from './clock.js';
export type {
  EmailMagicLinksOptions,
  OAuthProviderConfig,
  OtpOptions,
  Product,
  WidgetCallbacks,
  WidgetConfig,
  WidgetEvent,
} from './config.js';
export { hasVerifiedEmail } from './gates/has-verified-email.js';
export { Protect, type ProtectContext, type ProtectProps } from './gates/protect.js';
export { SignedIn } from './gates/signed-in.js';
export { SignedOut } from './gates/signed-out.js';
export { useLatchkey } from './hooks/use-latchkey.js';
export { type SessionState, useSession } from './hooks/use-session.js';
export { type UserState, useUser } from './hooks/use-user.js';
export { LatchkeyProvider, type LatchkeyProviderProps } from './latchkey-provider.js';
export type { Screen, ScreenName } from './machine/screen.js';
export {
  HOST_ELEMENT_NAME,
  type MountedWidget,
  type MountLoginOptions,
  type MountOptions,
  type MountResetPasswordOptions,
  mountLogin,
  mountPasskeyRegistration,
  mountResetPassword,
} from './mount.js';
export { PasskeyRegistration } from './passkey-registration.js';
export { ResetPassword, type ResetPasswordProps } from './reset-password.js';
export { SignIn, type SignInProps } from './sign-in.js';
export { en, type StringKey, type StringOverrides, type Strings } from './strings/en.js';
export { type CryptoStringKey, enCrypto } from './strings/en-crypto.js';
export { enMfa, type MfaStringKey } from './strings/en-mfa.js';
export { enPasskey, type PasskeyStringKey } from './strings/en-passkey.js';
export { enScreens, type ScreensStringKey } from './strings/en-screens.js';
export type { Appearance, AppearanceElement, AppearanceVariables, ColorScheme } from './theme/appearance.js';
export type { ButtonStyles, CssLength, FontFaceSource, LatchkeyStyles } from './theme/theme.js';
export { VERSION as version } from './version.js';
export type { WidgetProps } from './widget/widget-props.js';
export type { WidgetBootstrap, WidgetClient, WidgetSession, WidgetUser } from './widget-client.js';
