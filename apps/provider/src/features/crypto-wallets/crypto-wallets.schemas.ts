/** @module crypto-wallets.schemas — request and response schemas of the wallet sign-in endpoints. */
import { botCheckProperties } from '@latchkey/wire';
import { Type } from 'typebox';
import { SessionDurationMinutes } from '../sessions/sessions.schemas.js';

export {
  CryptoWalletsAuthenticateResponse as CryptoWalletAuthenticateResponse,
  CryptoWalletsAuthenticateStartResponse as AuthenticateStartResponse,
} from '@latchkey/wire';

/** Type and address are strings here; their values are judged by wallet-address.ts (400 naming the rule). */
const WalletType = Type.String({ maxLength: 64 });
const WalletAddress = Type.String({ maxLength: 256 });

/** Body of POST /crypto_wallets/authenticate/start/primary and /secondary (wire/endpoints.md "Crypto wallets"). */
export const AuthenticateStartBody = Type.Object({
  crypto_wallet_address: WalletAddress,
  crypto_wallet_type: WalletType,
  // Only read for Ethereum on a SIWE project; its fields are judged by siwe-params.ts.
  siwe_params: Type.Optional(Type.Object({}, { additionalProperties: true })),
  ...botCheckProperties,
});

/** Body of POST /crypto_wallets/authenticate. */
export const AuthenticateBody = Type.Object({
  session_duration_minutes: Type.Optional(SessionDurationMinutes),
  crypto_wallet_address: WalletAddress,
  crypto_wallet_type: WalletType,
  signature: Type.String({ minLength: 1, maxLength: 8192 }),
  ...botCheckProperties,
});
