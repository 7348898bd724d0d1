/**
 * @module methods/crypto-wallets — `client.cryptoWallets`: the challenge a wallet signs and the
 * sign-in with its signature. Talking to the wallet itself (connect, sign) is the caller's part.
 */

import { withCaptcha } from '../internal/captcha.js';
import type { ClientContext } from '../internal/context.js';
import { withDefaultMessage } from '../internal/default-message.js';
import { withoutCommonFields } from '../internal/response.js';
import { completeSignIn } from '../internal/sign-in.js';
import {
  assertNonEmptyString,
  assertOptionalNumber,
  assertOptionalObject,
  assertOptionalString,
  assertOptionalStringArray,
  assertPositiveInteger,
} from '../internal/validate.js';
import type { AuthenticateResult, ResponseCommon, User } from '../wire-types.js';

/**
 * Sign-In With Ethereum fields of the challenge (EIP-4361), named as on the wire. Used only when
 * the project requires SIWE and the wallet is an Ethereum one; the provider checks each value.
 */
export interface CryptoWalletSiweParams {
  /** The URI the message names; its origin must be this page's. Default `location.origin`. */
  uri?: string;
  /** The wallet's chain (EIP-155 id); the provider's default is 1. */
  chain_id?: number;
  /** ISO 8601; within 5 minutes of the provider's clock. Default now. */
  issued_at?: string;
  statement?: string;
  /** ISO 8601; before the message expires. */
  not_before?: string;
  message_request_id?: string;
  /** Absolute URIs (at most 20). */
  resources?: string[];
}

/** Options of `cryptoWallets.authenticateStart`. */
export interface CryptoWalletsAuthenticateStartOptions {
  crypto_wallet_address: string;
  /** `ethereum` or `solana`. */
  crypto_wallet_type: string;
  siwe_params?: CryptoWalletSiweParams;
}

/** What `cryptoWallets.authenticateStart` returns. */
export interface CryptoWalletsAuthenticateStartResult extends ResponseCommon {
  /** The exact message the wallet signs. */
  challenge: string;
}

/** Options of `cryptoWallets.authenticate`. */
export interface CryptoWalletsAuthenticateOptions {
  crypto_wallet_address: string;
  crypto_wallet_type: string;
  /** Ethereum: `0x` hex; Solana: base58 of the 64-byte signature. */
  signature: string;
  session_duration_minutes: number;
}

/** What `cryptoWallets.authenticate` returns: the sign-in result plus the wallet's id. */
export interface CryptoWalletsAuthenticateResult extends AuthenticateResult {
  crypto_wallet_id: string;
}

/** `client.cryptoWallets`. */
export interface CryptoWalletsMethods {
  /**
   * Asks for a challenge for this wallet; `/secondary` (adds the wallet to the signed-in user)
   * when this browser holds a session, else `/primary`.
   */
  authenticateStart(
    options: CryptoWalletsAuthenticateStartOptions,
  ): Promise<CryptoWalletsAuthenticateStartResult>;
  /** Sends the wallet's signature of the challenge and signs in (or adds the factor). */
  authenticate(options: CryptoWalletsAuthenticateOptions): Promise<CryptoWalletsAuthenticateResult>;
}

/** The texts of provider errors that carry none (as the other methods' spec §8 defaults). */
export const CRYPTO_WALLETS_START_DEFAULT_MESSAGE = 'Failed to start crypto wallet authentication.';
export const CRYPTO_WALLETS_AUTHENTICATE_DEFAULT_MESSAGE = 'Failed to authenticate crypto wallet.';

function checkSiweParams(params: CryptoWalletSiweParams | undefined): void {
  assertOptionalObject('siwe_params', params);
  for (const key of ['uri', 'issued_at', 'statement', 'not_before', 'message_request_id'] as const) {
    assertOptionalString(`siwe_params.${key}`, params?.[key]);
  }
  assertOptionalNumber('siwe_params.chain_id', params?.chain_id);
  assertOptionalStringArray('siwe_params.resources', params?.resources);
}

/** Builds `client.cryptoWallets`. */
export function createCryptoWalletsMethods(ctx: ClientContext): CryptoWalletsMethods {
  /** The `siwe_params` to send: only for Ethereum under a SIWE project (endpoints.md), else none. */
  async function siweParamsFor(
    type: string,
    params: CryptoWalletSiweParams | undefined,
  ): Promise<CryptoWalletSiweParams | undefined> {
    if (type !== 'ethereum') return undefined;
    const config = await ctx.bootstrap.getAsync();
    if (!config.siweRequiredForCryptoWallets) return undefined;
    // Rebuilt key by key: the wire's order, and nothing the provider would refuse (e.g. a `nonce`).
    return {
      uri: params?.uri ?? (ctx.options.location.origin || undefined),
      chain_id: params?.chain_id,
      issued_at: params?.issued_at,
      statement: params?.statement,
      not_before: params?.not_before,
      message_request_id: params?.message_request_id,
      resources: params?.resources,
    };
  }

  return {
    async authenticateStart(options) {
      assertOptionalObject('options', options);
      assertNonEmptyString('crypto_wallet_address', options?.crypto_wallet_address);
      assertNonEmptyString('crypto_wallet_type', options.crypto_wallet_type);
      checkSiweParams(options.siwe_params);
      const siweParams = await siweParamsFor(options.crypto_wallet_type, options.siwe_params);
      // Secondary binds the challenge to this session; chosen by local state (endpoints.md).
      const scope = ctx.session.state.session ? 'secondary' : 'primary';
      // The provider checks a captcha token on `/primary` only (contracts.md, captcha).
      const start = (captchaToken: string | undefined) =>
        ctx.http.request<CryptoWalletsAuthenticateStartResult>({
          method: 'POST',
          path: `/crypto_wallets/authenticate/start/${scope}`,
          body: {
            crypto_wallet_address: options.crypto_wallet_address,
            crypto_wallet_type: options.crypto_wallet_type,
            siwe_params: siweParams,
            captcha_token: captchaToken,
          },
        });
      return withDefaultMessage(
        withCaptcha(ctx, start, scope === 'primary'),
        CRYPTO_WALLETS_START_DEFAULT_MESSAGE,
      );
    },

    async authenticate(options) {
      assertOptionalObject('options', options);
      assertNonEmptyString('crypto_wallet_address', options?.crypto_wallet_address);
      assertNonEmptyString('crypto_wallet_type', options.crypto_wallet_type);
      assertNonEmptyString('signature', options.signature);
      assertPositiveInteger('session_duration_minutes', options.session_duration_minutes);
      const response = await withDefaultMessage(
        ctx.http.request<CryptoWalletsAuthenticateResult & { __user?: User }>({
          method: 'POST',
          path: '/crypto_wallets/authenticate',
          body: {
            session_duration_minutes: options.session_duration_minutes,
            crypto_wallet_address: options.crypto_wallet_address,
            crypto_wallet_type: options.crypto_wallet_type,
            signature: options.signature,
          },
        }),
        CRYPTO_WALLETS_AUTHENTICATE_DEFAULT_MESSAGE,
      );
      // This endpoint's state comes from `__user`, stored without the envelope fields it may carry
      // (endpoints.md, crypto wallets; which user field each sign-in stores).
      const { __user: user } = response;
      return completeSignIn(
        ctx,
        { ...response, __user: user && (withoutCommonFields(user) as User) },
        '__user',
      );
    },
  };
}
