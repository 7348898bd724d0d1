/**
 * @module contract-wallet-signature — asks an Ethereum RPC node whether a smart-contract wallet
 * accepts a signature (ERC-1271, or ERC-6492 for a wallet not yet deployed), through viem's
 * `verifyMessage`. Fails closed: a node that cannot answer gives `unavailable`, never `valid`.
 */
import {
  BaseError,
  createPublicClient,
  type EIP1193RequestFn,
  ExecutionRevertedError,
  type Hex,
  http,
  RpcRequestError,
  type Transport,
} from 'viem';
import type { SignatureVerdict } from './verify-wallet-signature.js';

/** docs/contracts.md: the RPC gets 5 seconds, and no retries (the wallet's user is waiting). */
const RPC_TIMEOUT_MS = 5000;

/** Whether an RPC error is the node's answer "the call reverted" rather than a failure to answer. */
function isRevert(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  const rpcError = error.walk(
    (cause) =>
      cause instanceof RpcRequestError &&
      (cause.code === ExecutionRevertedError.code || ExecutionRevertedError.nodeMessage.test(cause.details)),
  );
  return rpcError !== null;
}

/** What the node did besides answering, as seen by the transport. */
interface RpcOutcome {
  failed: boolean;
  reverted: boolean;
}

/**
 * viem's http transport, with every request error noted in `outcome`. Needed because
 * `verifyMessage` turns any failed `eth_call`, a refused connection included, into `false`.
 */
function observedHttp(url: string, outcome: RpcOutcome): Transport {
  const transport = http(url, { timeout: RPC_TIMEOUT_MS, retryCount: 0 });
  return (parameters) => {
    const inner = transport(parameters);
    const request = (async (args, options) => {
      try {
        return await inner.request(args, options);
      } catch (error) {
        if (isRevert(error)) outcome.reverted = true;
        else outcome.failed = true;
        throw error;
      }
    }) as EIP1193RequestFn;
    return { ...inner, request };
  };
}

/** The signature to check, over the exact message the wallet signed (EIP-191 personal_sign). */
export interface ContractWalletSignatureInput {
  address: Hex;
  message: string;
  signature: Hex;
}

/**
 * Verifies `signature` for the contract at `address` on the node at `rpcUrl`: `valid` only when
 * the node itself says so, `invalid` when it says no or reverts, `unavailable` when it cannot be
 * reached or answers with anything but a result or a revert.
 */
export async function verifyContractWalletSignature(
  rpcUrl: string,
  input: ContractWalletSignatureInput,
): Promise<SignatureVerdict> {
  const outcome: RpcOutcome = { failed: false, reverted: false };
  const client = createPublicClient({ transport: observedHttp(rpcUrl, outcome) });
  let verified: boolean;
  try {
    verified = await client.verifyMessage(input);
  } catch {
    return 'unavailable';
  }
  if (outcome.failed) return 'unavailable';
  // After a revert viem retries the signature as a plain ECDSA one; that answer is not the
  // contract's, and the caller has already tried ECDSA recovery with stricter rules.
  if (outcome.reverted) return 'invalid';
  return verified ? 'valid' : 'invalid';
}
