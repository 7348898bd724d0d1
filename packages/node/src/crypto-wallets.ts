/**
 * @module crypto-wallets — the server API's wallet sign-in (`/v1/crypto_wallets…`): ask for the
 * message a wallet signs, then hand back the signature, named after the hosted provider's server
 * SDK (`cryptoWallets.authenticateStart`, `authenticate`). Requests and answers are
 * `@latchkey/wire`'s types.
 */

import type {
  ServerCryptoWalletsAuthenticateRequest,
  ServerCryptoWalletsAuthenticateResult,
  ServerCryptoWalletsAuthenticateStartRequest,
  ServerCryptoWalletsAuthenticateStartResult,
} from '@latchkey/wire';
import { postServerApi } from './internal/post-server-api.js';
import { type ResolvedServerClientOptions, requireSecret } from './options.js';

export type {
  ServerCryptoWalletsAuthenticateRequest as CryptoWalletsAuthenticateRequest,
  ServerCryptoWalletsAuthenticateResult as CryptoWalletsAuthenticateResult,
  ServerCryptoWalletsAuthenticateStartRequest as CryptoWalletsAuthenticateStartRequest,
  ServerCryptoWalletsAuthenticateStartResult as CryptoWalletsAuthenticateStartResult,
};

/**
 * The `cryptoWallets` namespace of the server client. Every call throws a `LatchkeyServerError`
 * with the provider's `error_type` as `code` (`invalid_request` naming the field — a
 * `siwe_params.uri`/`domain` outside the project's allowed origins among them —,
 * `user_not_found`, `crypto_wallet_in_use`, `wallet_verification_failed` for a wrong, used or
 * expired challenge, `too_many_requests`, …; docs/provider-api.md "Server-facing crypto wallets").
 */
export interface CryptoWalletsServerMethods {
  /** `POST /v1/crypto_wallets/authenticate/start`: the message (`challenge`) the wallet signs. */
  authenticateStart(
    request: ServerCryptoWalletsAuthenticateStartRequest,
  ): Promise<ServerCryptoWalletsAuthenticateStartResult>;
  /** `POST /v1/crypto_wallets/authenticate`: verifies the signature; signs the wallet's user in. */
  authenticate(
    request: ServerCryptoWalletsAuthenticateRequest,
  ): Promise<ServerCryptoWalletsAuthenticateResult>;
}

/** Builds the namespace over resolved options. */
export function createCryptoWalletsServerMethods(
  options: ResolvedServerClientOptions,
): CryptoWalletsServerMethods {
  const call = async <Result>(path: string, body: object): Promise<Result> =>
    postServerApi(
      options,
      requireSecret(options),
      `/v1/crypto_wallets${path}`,
      body as Record<string, unknown>,
    ) as Promise<Result>;
  return {
    authenticateStart: (request) => call('/authenticate/start', request),
    authenticate: (request) => call('/authenticate', request),
  };
}
