/** @module @latchkey/node — verify Latchkey session JWTs and call the server-facing API from a server. */

export type {
  ActivityBucket,
  ActivityFigures,
  ActivityWindow,
  EmailPreview,
  OAuthProviderInput,
  OAuthProviderSummary,
  OperatorKeyObject,
  ProjectActivityResult,
  ProjectObject,
  ProjectSettings,
  ServerUser,
} from '@latchkey/wire';
export type { AuditEventsQuery, AuditEventsServerMethods, OperatorAuditEventsQuery } from './audit-events.js';
export type {
  AuthenticateSessionOptions,
  AuthenticateSessionResult,
} from './authenticate-session.js';
export { createLatchkeyServerClient, type LatchkeyServerClient } from './create-server-client.js';
export type {
  CryptoWalletsAuthenticateRequest,
  CryptoWalletsAuthenticateResult,
  CryptoWalletsAuthenticateStartRequest,
  CryptoWalletsAuthenticateStartResult,
  CryptoWalletsServerMethods,
} from './crypto-wallets.js';
export {
  isLatchkeyServerError,
  type KnownServerErrorCode,
  LatchkeyServerError,
  type LatchkeyServerErrorCode,
  type LatchkeyServerErrorOptions,
  SERVER_ERROR_CATALOG,
} from './errors.js';
export type {
  EndUserAttributes,
  MagicLinkOptions,
  MagicLinksEmailInviteRequest,
  MagicLinksEmailLoginOrCreateRequest,
  MagicLinksEmailLoginOrCreateResult,
  MagicLinksEmailRevokeInviteResult,
  MagicLinksEmailSendRequest,
  MagicLinksEmailSendResult,
  MagicLinksEmailServerMethods,
} from './magic-link-sends.js';
export type {
  MagicLinksAuthenticateOptions,
  MagicLinksAuthenticateResult,
  MagicLinksServerMethods,
} from './magic-links.js';
export type {
  LatchkeyRequestSession,
  LatchkeySessionOptions,
  RemoteCheck,
} from './middleware/request-session.js';
export type {
  OAuthAuthenticateOptions,
  OAuthAuthenticateResult,
  OAuthProviderValues,
  OAuthServerMethods,
} from './oauth.js';
export {
  createLatchkeyOperatorClient,
  type LatchkeyOperatorClient,
  type LatchkeyOperatorClientOptions,
  type ProjectPage,
} from './operator-client.js';
export type { Clock, LatchkeyServerClientOptions } from './options.js';
export type {
  OtpChannelMethods,
  OtpOptions,
  OtpSignedInUser,
  OtpsAuthenticateOptions,
  OtpsAuthenticateResult,
  OtpsEmailLoginOrCreateRequest,
  OtpsEmailLoginOrCreateResult,
  OtpsEmailSendRequest,
  OtpsEmailSendResult,
  OtpsPhoneLoginOrCreateRequest,
  OtpsPhoneLoginOrCreateResult,
  OtpsPhoneSendRequest,
  OtpsPhoneSendResult,
  OtpsServerMethods,
} from './otps.js';
export type {
  PasswordsAuthenticateRequest,
  PasswordsAuthenticateResult,
  PasswordsCreateRequest,
  PasswordsCreateResult,
  PasswordsEmailResetRequest,
  PasswordsEmailResetStartRequest,
  PasswordsEmailResetStartResult,
  PasswordsExistingPasswordResetRequest,
  PasswordsMigrateRequest,
  PasswordsMigrateResult,
  PasswordsServerMethods,
  PasswordsSessionResetRequest,
  PasswordsStrengthCheckRequest,
  PasswordsStrengthCheckResult,
} from './passwords.js';
export {
  type AuthenticationFactor,
  SESSION_CLAIM,
  type Session,
  type SessionClaim,
  type SessionJwtClaims,
  type WithSession,
} from './session.js';
export type {
  SessionsListResult,
  SessionsRevokeAllResult,
  SessionsRevokeOptions,
  SessionsRevokeResult,
  SessionsServerMethods,
} from './sessions.js';
export type {
  TotpsAuthenticateRequest,
  TotpsAuthenticateResult,
  TotpsCreateRequest,
  TotpsCreateResult,
  TotpsRecoverRequest,
  TotpsRecoveryCodesRequest,
  TotpsRecoveryCodesResult,
  TotpsServerMethods,
} from './totps.js';
export type { User } from './user.js';
export type {
  UsersCreateRequest,
  UsersCreateResult,
  UsersDeleteFactorResult,
  UsersDeleteResult,
  UsersGetResult,
  UsersSearchRequest,
  UsersSearchResult,
  UsersServerMethods,
  UsersUpdateRequest,
  UsersUpdateResult,
} from './users.js';
export type {
  VerifiedSessionJwt,
  VerifySessionJwtOptions,
  VerifySessionJwtResult,
} from './verify-session-jwt.js';
export {
  LatchkeyWebhookError,
  type LatchkeyWebhookEvent,
  verifyWebhook,
  type WebhookErrorCode,
  type WebhookHeaders,
} from './verify-webhook.js';
export type {
  WebAuthnAuthenticateRequest,
  WebAuthnAuthenticateResult,
  WebAuthnAuthenticateStartRequest,
  WebAuthnAuthenticateStartResult,
  WebAuthnCredential,
  WebAuthnListCredentialsRequest,
  WebAuthnListCredentialsResult,
  WebAuthnRegisterRequest,
  WebAuthnRegisterResult,
  WebAuthnRegisterStartRequest,
  WebAuthnRegisterStartResult,
  WebAuthnServerMethods,
  WebAuthnUpdateCall,
  WebAuthnUpdateRequest,
  WebAuthnUpdateResult,
} from './webauthn.js';
export type {
  WebhookAttempt,
  WebhookDeliveriesPage,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointFields,
  WebhookEndpointsServerMethods,
  WebhookEndpointWithSecret,
  WebhookEventTypeName,
} from './webhook-endpoints.js';
