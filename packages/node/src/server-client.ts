/** @module server-client — the server client's methods over resolved options and a signature check; no Node-only import, so edge runtimes build it too. */

import { type AuditEventsServerMethods, createAuditEventsServerMethods } from './audit-events.js';
import {
  type AuthenticateSessionOptions,
  type AuthenticateSessionResult,
  authenticateSession,
} from './authenticate-session.js';
import { type CryptoWalletsServerMethods, createCryptoWalletsServerMethods } from './crypto-wallets.js';
import { createProviderJwks } from './internal/remote-jwks.js';
import type { SignatureChecker } from './internal/signature-check.js';
import { VerifiedTokenCache } from './internal/verified-token-cache.js';
import { createMagicLinksServerMethods, type MagicLinksServerMethods } from './magic-links.js';
import { createOAuthServerMethods, type OAuthServerMethods } from './oauth.js';
import type { ResolvedServerClientOptions } from './options.js';
import { createOtpsServerMethods, type OtpsServerMethods } from './otps.js';
import { createPasswordsServerMethods, type PasswordsServerMethods } from './passwords.js';
import { createSessionsServerMethods, type SessionsServerMethods } from './sessions.js';
import { createTotpsServerMethods, type TotpsServerMethods } from './totps.js';
import { createUsersServerMethods, type UsersServerMethods } from './users.js';
import {
  type SessionJwtVerifierContext,
  type VerifiedSessionJwt,
  type VerifySessionJwtOptions,
  type VerifySessionJwtResult,
  verifySessionJwt,
  verifySessionJwtFromCache,
} from './verify-session-jwt.js';
import { createWebAuthnServerMethods, type WebAuthnServerMethods } from './webauthn.js';
import {
  createWebhookEndpointsServerMethods,
  type WebhookEndpointsServerMethods,
} from './webhook-endpoints.js';

/** What an integrator's server uses to check Latchkey sessions. */
export interface LatchkeyServerClient {
  readonly projectId: string;
  /** Local JWT check against the cached JWKS; never throws for a bad token (see its result, which is frozen). */
  verifySessionJwt(jwt: unknown, options?: VerifySessionJwtOptions): Promise<VerifySessionJwtResult>;
  /**
   * `verifySessionJwt`'s result without a promise for a token this client already verified and
   * that still passes (time claims now, same key set); `undefined` otherwise — then call
   * `verifySessionJwt`, which decides. Never a refusal, never a weaker check.
   */
  verifySessionJwtFromCache(jwt: unknown, options?: VerifySessionJwtOptions): VerifiedSessionJwt | undefined;
  /** Round trip to `POST /v1/sessions/authenticate`; throws `LatchkeyServerError`. */
  authenticateSession(options: AuthenticateSessionOptions): Promise<AuthenticateSessionResult>;
  /** Magic links: sent by email (`magicLinks.email.*`) and redeemed server-side (`POST /v1/magic_links/authenticate`). */
  readonly magicLinks: MagicLinksServerMethods;
  /** One-time passcodes by email, SMS and WhatsApp: send and redeem (`/v1/otps…`). */
  readonly otps: OtpsServerMethods;
  /** Server-side redemption of an OAuth flow's token (`POST /v1/oauth/authenticate`). */
  readonly oauth: OAuthServerMethods;
  /** The project's users (`/v1/users…`): create, get, search, update, delete, remove a factor. */
  readonly users: UsersServerMethods;
  /** A user's sessions: list, revoke one, revoke all (`/v1/sessions…`). */
  readonly sessions: SessionsServerMethods;
  /** The project's audit log (`GET /v1/audit_events`, a Latchkey addition). */
  readonly auditEvents: AuditEventsServerMethods;
  /** The project's webhook endpoints (`/v1/webhooks/endpoints…`, a Latchkey addition). */
  readonly webhookEndpoints: WebhookEndpointsServerMethods;
  /** Passwords (`/v1/passwords…`): create, authenticate, strength check, resets, migrate. */
  readonly passwords: PasswordsServerMethods;
  /** Authenticator apps (`/v1/totps…`): create, authenticate, recovery codes, recover. */
  readonly totps: TotpsServerMethods;
  /** Passkeys (`/v1/webauthn…`): register and sign in for a user, rename a registration. */
  readonly webauthn: WebAuthnServerMethods;
  /** Crypto wallets (`/v1/crypto_wallets…`): the message a wallet signs, then its signature. */
  readonly cryptoWallets: CryptoWalletsServerMethods;
}

/** The server client over options already resolved, checking JWT signatures with `checkSignature`. */
export function serverClientWith(
  resolved: ResolvedServerClientOptions,
  checkSignature: SignatureChecker,
): LatchkeyServerClient {
  const context: SessionJwtVerifierContext = {
    options: resolved,
    jwks: createProviderJwks(resolved),
    verifiedTokens: new VerifiedTokenCache(resolved.verifiedTokenCacheMaxEntries),
    checkSignature,
  };
  return {
    projectId: resolved.projectId,
    verifySessionJwt: (jwt, verifyOptions) => verifySessionJwt(context, jwt, verifyOptions),
    verifySessionJwtFromCache: (jwt, verifyOptions) => verifySessionJwtFromCache(context, jwt, verifyOptions),
    authenticateSession: (request) => authenticateSession(resolved, request),
    magicLinks: createMagicLinksServerMethods(resolved),
    otps: createOtpsServerMethods(resolved),
    oauth: createOAuthServerMethods(resolved),
    users: createUsersServerMethods(resolved),
    sessions: createSessionsServerMethods(resolved),
    auditEvents: createAuditEventsServerMethods(resolved),
    webhookEndpoints: createWebhookEndpointsServerMethods(resolved),
    passwords: createPasswordsServerMethods(resolved),
    totps: createTotpsServerMethods(resolved),
    webauthn: createWebAuthnServerMethods(resolved),
    cryptoWallets: createCryptoWalletsServerMethods(resolved),
  };
}
