/** @module crypto-wallet-errors — the 401, 409 and 503 of wallet sign-in. */
import { ApiError } from '../../errors/api-error.js';

/**
 * 401 wallet_verification_failed: no challenge of this wallet passed (none open, expired, another
 * origin or session, SIWE fields, or the signature). One message for all, as the contract fixes it.
 */
export function walletVerificationFailed(): ApiError {
  return new ApiError('wallet_verification_failed');
}

/** 409 crypto_wallet_in_use: a signed-in user proved a wallet that another account already has. */
export function walletInUse(): ApiError {
  return new ApiError('crypto_wallet_in_use');
}

/** 503 service_unavailable: a contract wallet's signature could not be checked on its chain (fail closed, SECURITY G4). */
export function verifierUnavailable(): ApiError {
  return new ApiError('service_unavailable', {
    message:
      "The Ethereum network could not be reached to check this wallet's signature (ERC-1271). Start again shortly.",
    headers: { 'retry-after': '5' },
  });
}
