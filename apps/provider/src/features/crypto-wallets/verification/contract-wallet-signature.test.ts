/**
 * Contract wallets (ERC-1271 through viem's ERC-6492 deployless validator) against a local
 * JSON-RPC node, and failing closed when the node cannot answer (SECURITY G4).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeAbiParameters,
  erc6492SignatureValidatorByteCode,
  type Hex,
  hashMessage,
  isAddressEqual,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildChallengeMessage } from './challenge-message.js';
import { type VerifyWalletSignatureInput, verifyWalletSignature } from './verify-wallet-signature.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const NONCE = 'q8Rr2Kc0LmZtY4wBv7NpXs1HdJ6gFeUa';
const ORIGIN = 'https://app.example.com';
/** A smart-contract wallet: its address holds code, not a key. */
const WALLET = '0x1234567890AbcdEF1234567890aBcdef12345678';
/** What the wallet's owner produces; contract signatures have no fixed length. */
const CONTRACT_SIGNATURE = `0x${'ab'.repeat(100)}` as Hex;

const { message } = buildChallengeMessage({
  type: 'ethereum',
  address: WALLET,
  origin: ORIGIN,
  nonce: NONCE,
  issuedAt: NOW,
  expiresAt: new Date(NOW.getTime() + 300_000),
  siwe: null,
});

const input: VerifyWalletSignatureInput = {
  type: 'ethereum',
  address: WALLET,
  message,
  signature: CONTRACT_SIGNATURE,
  siwe: false,
  chainId: null,
  origin: ORIGIN,
  nonce: NONCE,
  now: NOW,
};

interface JsonRpcRequest {
  id: number;
  method: string;
  params: [{ to?: Hex; data: Hex }, string];
}
type Reply = { result: Hex } | { error: { code: number; message: string } } | { status: number };

async function readJson(request: IncomingMessage): Promise<JsonRpcRequest> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return JSON.parse(body) as JsonRpcRequest;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** A JSON-RPC node on 127.0.0.1 that answers each request with `reply(request)`. */
async function startNode(reply: (request: JsonRpcRequest) => Reply) {
  const requests: JsonRpcRequest[] = [];
  const server = createServer(async (request, response) => {
    const rpc = await readJson(request);
    requests.push(rpc);
    const answer = reply(rpc);
    if ('status' in answer) {
      response.writeHead(answer.status).end('upstream trouble');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ jsonrpc: '2.0', id: rpc.id, ...answer }));
  });
  // Idle keep-alive sockets outlive any pause in a loaded test run: Node closes them after 5 s,
  // and a POST that fetch sends on a socket closing at that moment fails and is not retried.
  server.keepAliveTimeout = 60_000;
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return { deps: { ethereumRpcUrls: new Map([[1, `http://127.0.0.1:${port}`]]) }, requests };
}

/**
 * What a node returns for viem's deployless ERC-6492 `eth_call` (no `to`; the validator's
 * creation code followed by `(signer, hash, signature)`): the validator calls the wallet's
 * `isValidSignature(hash, signature)` and returns one byte, 0x01 when the wallet answered the
 * ERC-1271 magic value 0x1626ba7e. This wallet accepts CONTRACT_SIGNATURE over `message` only.
 */
function contractWallet(request: JsonRpcRequest): Reply {
  const { to, data } = request.params[0];
  if (
    request.method !== 'eth_call' ||
    to !== undefined ||
    !data.startsWith(erc6492SignatureValidatorByteCode)
  ) {
    return { error: { code: -32601, message: 'unexpected request' } };
  }
  const [signer, hash, signature] = decodeAbiParameters(
    [{ type: 'address' }, { type: 'bytes32' }, { type: 'bytes' }],
    `0x${data.slice(erc6492SignatureValidatorByteCode.length)}`,
  );
  const magicValueReturned =
    isAddressEqual(signer, WALLET) && hash === hashMessage(message) && signature === CONTRACT_SIGNATURE;
  return { result: magicValueReturned ? '0x01' : '0x00' };
}

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  await new Promise((closed) => server.close(closed));
  return `http://127.0.0.1:${port}`;
}

describe('verifyWalletSignature (contract wallets over RPC)', () => {
  it('accepts a signature the wallet contract accepts', async () => {
    const node = await startNode(contractWallet);
    expect(await verifyWalletSignature(input, node.deps)).toBe('valid');
    expect(node.requests.map((request) => request.method)).toEqual(['eth_call']);
  });

  it('refuses a signature the wallet contract rejects, or one over another message', async () => {
    const node = await startNode(contractWallet);
    const other = `0x${'cd'.repeat(100)}`;
    expect(await verifyWalletSignature({ ...input, signature: other }, node.deps)).toBe('invalid');
    const changed = message.replace('Nonce: q8', 'Nonce: Q8');
    expect(
      await verifyWalletSignature({ ...input, message: changed, nonce: `Q8${NONCE.slice(2)}` }, node.deps),
    ).toBe('invalid');
  });

  it('refuses when the validator reverts (execution reverted)', async () => {
    const node = await startNode(() => ({ error: { code: 3, message: 'execution reverted' } }));
    expect(await verifyWalletSignature(input, node.deps)).toBe('invalid');
    expect(node.requests).toHaveLength(1);
  });

  it('refuses when the message names a chain without an RPC, without asking any node', async () => {
    const node = await startNode(contractWallet);
    expect(await verifyWalletSignature({ ...input, chainId: 8453 }, node.deps)).toBe('invalid');
    expect(node.requests).toHaveLength(0);
  });

  it('is unavailable when the RPC refuses connections', async () => {
    const deps = { ethereumRpcUrls: new Map([[1, await closedPortUrl()]]) };
    expect(await verifyWalletSignature(input, deps)).toBe('unavailable');
  });

  it.each([
    ['an HTTP 500', { status: 500 }],
    ['an HTTP 429', { status: 429 }],
    ['a JSON-RPC internal error', { error: { code: -32603, message: 'internal error' } }],
    ['a JSON-RPC rate limit', { error: { code: -32005, message: 'limit exceeded' } }],
    ['a result that is no boolean', { result: '0x1234' as Hex }],
  ])('is unavailable when the RPC answers %s', async (_, answer) => {
    const node = await startNode(() => answer);
    expect(await verifyWalletSignature(input, node.deps)).toBe('unavailable');
  });

  it('is unavailable, not valid, for a key’s own signature over another message when the RPC is down', async () => {
    // viem's verifyMessage falls back to ECDSA recovery when the call fails; that fallback must not decide.
    const owner = privateKeyToAccount(generatePrivateKey());
    const signature = await owner.signMessage({ message: 'something else' });
    const deps = { ethereumRpcUrls: new Map([[1, await closedPortUrl()]]) };
    expect(await verifyWalletSignature({ ...input, address: owner.address, signature }, deps)).toBe(
      'unavailable',
    );
  });

  it('never sends a high-s or odd-v signature to the RPC, even one that would say yes', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const signature = await owner.signMessage({ message });
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const s = BigInt(`0x${signature.slice(66, 130)}`);
    const flippedV = signature.endsWith('1b') ? '1c' : '1b';
    const twin = `${signature.slice(0, 66)}${(n - s).toString(16).padStart(64, '0')}${flippedV}`;
    const v29 = `${signature.slice(0, 130)}1d`;
    const node = await startNode(() => ({ result: '0x01' }));
    for (const bad of [twin, v29]) {
      expect(
        await verifyWalletSignature({ ...input, address: owner.address, signature: bad }, node.deps),
      ).toBe('invalid');
    }
    expect(node.requests).toHaveLength(0);
    // The same node is asked for a well-formed signature that recovers to someone else.
    expect(await verifyWalletSignature({ ...input, signature }, node.deps)).toBe('valid');
    expect(node.requests).toHaveLength(1);
  });
});
