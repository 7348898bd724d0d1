/** @module @latchkey/client — the headless client: createLatchkeyClient, its types, errors and events. */

export type {
  BootstrapConfig,
  BootstrapMethods,
  BootstrapOAuthProvider,
  CaptchaSettings,
  RbacPolicy,
} from './bootstrap.js';
export { DEFAULT_BOOTSTRAP } from './bootstrap.js';
export type { LatchkeyClient } from './create-client.js';
export { createLatchkeyClient } from './create-client.js';
export type {
  KnownLatchkeyErrorCode,
  LatchkeyApiErrorFields,
  LatchkeyErrorCode,
  LatchkeyErrorOptions,
  LatchkeySchemaErrorItem,
  LatchkeyWebAuthnErrorCode,
} from './errors.js';
export {
  isLatchkeyError,
  isUnrecoverableSessionError,
  LATCHKEY_ERROR_CODES,
  LatchkeyApiError,
  LatchkeyArgumentError,
  LatchkeyCaptchaRequiredError,
  LatchkeyError,
  LatchkeyNetworkError,
  LatchkeySchemaError,
  LatchkeyTimeoutError,
  LatchkeyWebAuthnError,
  UNRECOVERABLE_SESSION_ERRORS,
} from './errors.js';
export type { LatchkeyEventListener, LatchkeyEventMap, LatchkeyEventName } from './events.js';
export { LATCHKEY_EVENTS } from './events.js';
export { isEmailAddress } from './internal/validate.js';
export type {
  CryptoWalletSiweParams,
  CryptoWalletsAuthenticateOptions,
  CryptoWalletsAuthenticateResult,
  CryptoWalletsAuthenticateStartOptions,
  CryptoWalletsAuthenticateStartResult,
  CryptoWalletsMethods,
} from './methods/crypto-wallets.js';
export type {
  MagicLinksAuthenticateOptions,
  MagicLinksEmailOptions,
  MagicLinksMethods,
} from './methods/magic-links.js';
export type {
  OAuthAuthenticateOptions,
  OAuthAuthenticateResult,
  OAuthMethods,
  OAuthProviderMethods,
  OAuthProviderType,
  OAuthProviderValues,
  OAuthStartOptions,
} from './methods/oauth.js';
export { OAUTH_PROVIDER_TYPES } from './methods/oauth.js';
export type {
  GoogleOneTapFailureReason,
  GoogleOneTapMethods,
  GoogleOneTapStartOptions,
  GoogleOneTapStartResult,
} from './methods/oauth-one-tap.js';
export type {
  OtpsAuthenticateOptions,
  OtpsChannel,
  OtpsEmailSendOptions,
  OtpsMethods,
  OtpsSendOptions,
  OtpsSmsSendOptions,
} from './methods/otps.js';
// Every option shape of `client.passwords` (the file holds nothing else).
export type * from './methods/password-options.js';
export type {
  StrengthChecker,
  StrengthCheckerOptions,
} from './methods/password-strength-checker.js';
export { createStrengthChecker } from './methods/password-strength-checker.js';
export type { PasswordsMethods } from './methods/passwords.js';
export type { SessionAuthenticateOptions, SessionMethods } from './methods/sessions.js';
export type {
  TotpsAuthenticateOptions,
  TotpsCreateOptions,
  TotpsMethods,
  TotpsRecoverOptions,
} from './methods/totps.js';
export type { UserMethods, UserUpdateOptions } from './methods/users.js';
export type { UsersMethods } from './methods/users-search.js';
export type {
  WebAuthnAuthenticateOptions,
  WebAuthnMethods,
  WebAuthnRegisterOptions,
  WebAuthnUpdateOptions,
} from './methods/webauthn.js';
export type {
  ClientOptions,
  Clock,
  CookieJar,
  CookieOptions,
  EventTargetLike,
  LocationLike,
  Logger,
  RandomValues,
  RecaptchaEnterprise,
  RecaptchaLoader,
  StorageLike,
} from './options.js';
export type { LogEventOptions } from './telemetry/event-batcher.js';
export { SDK_VERSION } from './telemetry/telemetry-blob.js';
export type {
  AuthenticateResult,
  AuthenticationFactor,
  LocaleTag,
  MagicLinksSendResult,
  MfaRequired,
  OtpsAuthenticateResult,
  OtpsEmailSendResult,
  OtpsPhoneSendResult,
  OtpsSendResult,
  PasswordStrengthCheckResult,
  PasswordsCreateResult,
  PasswordsResetByEmailCheckResult,
  PasswordsResetBySessionResult,
  ResponseCommon,
  Session,
  SessionJwt,
  SessionToken,
  SessionTokens,
  TotpsAuthenticateResult,
  TotpsCreateResult,
  TotpsRecoveryCodesResult,
  User,
  UserFactorDeleteResult,
  UserId,
  UserName,
  UsersSearchResult,
  UserUpdateResult,
  WebAuthnAuthenticateResult,
  WebAuthnRegisterResult,
  WebAuthnRegistration,
  WebAuthnUpdateResult,
} from './wire-types.js';
