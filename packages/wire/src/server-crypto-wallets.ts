/**
 * @module server-crypto-wallets — `/v1/crypto_wallets…` of the server-facing API (project secret):
 * the hosted provider's server calls for signing in with an Ethereum or Solana wallet (start: the
 * message to sign; authenticate: the signature), flat answers with the server API's user object.
 * Request bodies refuse unknown fields, so a misspelt field is a 400 naming it, never ignored.
 */
import { type Static, type TProperties, Type } from 'typebox';
import { flatAnswerFields } from './envelope.js';
import { serverSignInSchema } from './server-sign-in.js';

const strict = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

/** `ethereum` or `solana` (judged by the provider, 400 naming the rule). */
const WalletType = Type.String({ minLength: 1, maxLength: 64 });
const WalletAddress = Type.String({ minLength: 1, maxLength: 256 });
const UserReference = Type.String({ minLength: 1, maxLength: 128 });
const SessionToken = Type.String({ minLength: 1, maxLength: 128 });
const SessionJwt = Type.String({ minLength: 1, maxLength: 8192 });

/**
 * The caller's part of a Sign-In with Ethereum (EIP-4361) message. `domain` and `uri` name the page
 * the user signs on and must be one of the project's allowed origins (the provider refuses others
 * with a 400 naming the field); the provider chooses the nonce, address and expiry.
 */
export const ServerSiweParamsSchema = strict({
  domain: Type.String({ minLength: 1, maxLength: 253 }),
  uri: Type.String({ minLength: 1, maxLength: 2048 }),
  resources: Type.Optional(Type.Array(Type.String({ maxLength: 2048 }), { maxItems: 20 })),
  /** An EIP-155 chain id, as a decimal string (the hosted provider's form) or a number; default 1. */
  chain_id: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Integer({ minimum: 1 })])),
  statement: Type.Optional(Type.String({ maxLength: 500 })),
  issued_at: Type.Optional(Type.String({ maxLength: 64 })),
  not_before: Type.Optional(Type.String({ maxLength: 64 })),
  message_request_id: Type.Optional(Type.String({ maxLength: 200 })),
});

/**
 * POST /v1/crypto_wallets/authenticate/start. `user_id`, `session_token` or `session_jwt` (at most
 * one) names the user the wallet is added to; `siwe_params` only for Ethereum.
 */
export const ServerCryptoWalletsAuthenticateStartBody = strict({
  crypto_wallet_type: WalletType,
  crypto_wallet_address: WalletAddress,
  user_id: Type.Optional(UserReference),
  session_token: Type.Optional(SessionToken),
  session_jwt: Type.Optional(SessionJwt),
  siwe_params: Type.Optional(ServerSiweParamsSchema),
  /**
   * Latchkey's: the origin of the page that will have the wallet sign (either wallet type), one of
   * the project's allowed origins (the development project: any http://localhost:PORT). Needed for
   * Solana, which takes no siwe_params, on a project without allowed origins.
   */
  page_origin: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
});

/** POST /v1/crypto_wallets/authenticate: the signature of the start's challenge. */
export const ServerCryptoWalletsAuthenticateBody = strict({
  crypto_wallet_type: WalletType,
  crypto_wallet_address: WalletAddress,
  signature: Type.String({ minLength: 1, maxLength: 8192 }),
  session_token: Type.Optional(SessionToken),
  session_jwt: Type.Optional(SessionJwt),
  session_duration_minutes: Type.Optional(Type.Integer({ minimum: 5, maximum: 527040 })),
  session_custom_claims: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  /** The hosted provider's device-fingerprint lookup id: accepted, not used (no `user_device`). */
  telemetry_id: Type.Optional(Type.String({ maxLength: 256 })),
});

/**
 * POST /v1/crypto_wallets/authenticate/start answer. `user_id` is the user the wallet is added to
 * or already belongs to, `""` for a wallet no user has yet; `user_created` is always false
 * (Latchkey makes a wallet's user when its signature is verified, not when a message is asked for).
 */
export const ServerCryptoWalletsAuthenticateStartResponse = Type.Object({
  ...flatAnswerFields,
  user_id: Type.String(),
  challenge: Type.String(),
  user_created: Type.Boolean(),
});

/** The fields of the signed SIWE message, as the hosted provider answers them. */
export const ServerSiweParamsResponseSchema = Type.Object({
  domain: Type.String(),
  uri: Type.String(),
  chain_id: Type.String(),
  resources: Type.Array(Type.String()),
  status_code: Type.Integer(),
  issued_at: Type.Optional(Type.String()),
  message_request_id: Type.Optional(Type.String()),
});

/**
 * POST /v1/crypto_wallets/authenticate answer: the session (an intermediate session token and
 * `mfa_required` instead on a project that requires MFA), the user, the wallet's id, and
 * `siwe_params` when the signed message was a SIWE one.
 */
export const ServerCryptoWalletsAuthenticateResponse = serverSignInSchema(
  { crypto_wallet_id: Type.String() },
  { siwe_params: Type.Optional(ServerSiweParamsResponseSchema) },
);

export type ServerSiweParams = Static<typeof ServerSiweParamsSchema>;
export type ServerCryptoWalletsAuthenticateStartRequest = Static<
  typeof ServerCryptoWalletsAuthenticateStartBody
>;
export type ServerCryptoWalletsAuthenticateRequest = Static<typeof ServerCryptoWalletsAuthenticateBody>;
export type ServerCryptoWalletsAuthenticateStartResult = Static<
  typeof ServerCryptoWalletsAuthenticateStartResponse
>;
export type ServerCryptoWalletsAuthenticateResult = Static<typeof ServerCryptoWalletsAuthenticateResponse>;
