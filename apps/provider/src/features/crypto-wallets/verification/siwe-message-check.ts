/**
 * @module siwe-message-check — whether a stored SIWE message still fits the sign-in it is used
 * for: the requesting origin's domain and scheme, the challenge nonce and chain, the address,
 * and its validity window at `now` (EIP-4361 "Verifying a signed Message"; SECURITY G1, G2).
 */
import { type Address, isAddress } from 'viem';
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe';

/** What the message must match. */
export interface SiweMessageCheckInput {
  message: string;
  address: string;
  origin: string;
  nonce: string;
  chainId: number | null;
  now: Date;
}

/** True when `message` is an EIP-4361 message for this origin, nonce, chain and address, valid at `now`. */
export function isSiweMessageValid(input: SiweMessageCheckInput): boolean {
  if (!isAddress(input.address, { strict: false })) return false;
  const url = new URL(input.origin);
  const scheme = url.protocol.slice(0, -1);
  const expectedScheme = scheme === 'https' ? undefined : scheme;
  const fields = parseSiweMessage(input.message);
  // viem checks the scheme only when one is expected, so an `http://` message would pass for an https origin.
  if (fields.scheme !== expectedScheme) return false;
  if (fields.nonce !== input.nonce || fields.chainId !== input.chainId) return false;
  if (fields.uri === undefined || !URL.canParse(fields.uri) || new URL(fields.uri).origin !== url.origin) {
    return false;
  }
  // Every challenge message expires; one without an expiry is not ours.
  if (fields.expirationTime === undefined) return false;
  return validateSiweMessage({
    message: fields,
    domain: url.host,
    ...(expectedScheme ? { scheme: expectedScheme } : {}),
    nonce: input.nonce,
    address: input.address as Address,
    time: input.now,
  });
}
