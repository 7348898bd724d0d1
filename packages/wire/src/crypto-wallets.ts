/** @module crypto-wallets — the answers of the crypto-wallet endpoints (wire/endpoints.md "Crypto wallets"). */
import { Type } from 'typebox';
import { signInResponseSchema } from './authenticate-response.js';
import { envelopeSchema } from './envelope.js';

/** The start endpoints: the exact message the wallet signs. */
export const CryptoWalletsAuthenticateStartResponse = envelopeSchema({ challenge: Type.String() });

/** POST /crypto_wallets/authenticate: AuthenticateResponse + crypto_wallet_id. */
export const CryptoWalletsAuthenticateResponse = signInResponseSchema({ crypto_wallet_id: Type.String() });
