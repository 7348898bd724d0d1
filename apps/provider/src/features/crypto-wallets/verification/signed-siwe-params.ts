/**
 * @module signed-siwe-params — the fields of a signed Sign-In with Ethereum message as the hosted
 * provider's server API answers them (`siwe_params` of `/v1/crypto_wallets/authenticate`), read
 * back from the exact message the wallet signed.
 */
import { parseSiweMessage } from 'viem/siwe';

/** The answer's `siwe_params`. */
export interface SignedSiweParams {
  domain: string;
  uri: string;
  chain_id: string;
  resources: string[];
  status_code: number;
  issued_at?: string;
  message_request_id?: string;
}

/** The wire fields of `message`, an EIP-4361 message this provider built (so every field is there). */
export function signedSiweParams(message: string): SignedSiweParams {
  const fields = parseSiweMessage(message);
  return {
    domain: fields.domain ?? '',
    uri: fields.uri ?? '',
    chain_id: String(fields.chainId ?? ''),
    resources: fields.resources ?? [],
    status_code: 200,
    ...(fields.issuedAt ? { issued_at: fields.issuedAt.toISOString() } : {}),
    ...(fields.requestId ? { message_request_id: fields.requestId } : {}),
  };
}
