/** @module crypto-wallet-start.service — issuing the message a wallet signs (start primary / secondary). */
import type { Clock } from '../../clock.js';
import type { Random } from '../../random.js';
import type { LookupThrottle } from '../../rate-limit/lookup-throttle.js';
import type { Project } from '../projects/project.js';
import type { SessionRow } from '../sessions/sessions.table.js';
import type { ChallengeStore } from './crypto-wallet-challenges.js';
import { CHALLENGE_LIFETIME_MS } from './crypto-wallet-policy.js';
import { buildChallengeMessage } from './verification/challenge-message.js';
import { newChallengeNonce } from './verification/challenge-nonce.js';
import { parseSiweParams } from './verification/siwe-params.js';
import { canonicalWalletAddress, parseWalletType } from './verification/wallet-address.js';

/** Body of the start endpoints, as the schema let it through. */
export interface AuthenticateStartInput {
  crypto_wallet_address: string;
  crypto_wallet_type: string;
  siwe_params?: unknown;
}

/** What starting needs. */
export interface CryptoWalletStartDeps {
  clock: Clock;
  random: Random;
  challenges: ChallengeStore;
  lookups: LookupThrottle;
}

/** Creates the start service. */
export function createCryptoWalletStartService(deps: CryptoWalletStartDeps) {
  return {
    /**
     * Checks the wallet and SIWE fields (400), then counts against the `crypto_start` limit
     * (429; a refused request uses no budget), then stores and returns the message, bound to the
     * project, the wallet, the requesting `origin` and, for a secondary start, `session`.
     */
    async start(
      project: Project,
      session: SessionRow | null,
      input: AuthenticateStartInput,
      request: { origin: string; clientIp: string },
    ): Promise<string> {
      const type = parseWalletType(input.crypto_wallet_type);
      const address = canonicalWalletAddress(type, input.crypto_wallet_address);
      const now = deps.clock.now();
      // docs/contracts.md: SIWE applies to Ethereum on a project that requires it; otherwise siwe_params is ignored.
      const siwe =
        type === 'ethereum' && project.siweRequiredForCryptoWallets
          ? parseSiweParams(input.siwe_params, request.origin, now)
          : null;
      await deps.lookups.check(project, 'crypto_start', request.clientIp);

      const nonce = newChallengeNonce(deps.random);
      const expiresAt = new Date(now.getTime() + CHALLENGE_LIFETIME_MS);
      const built = buildChallengeMessage({
        type,
        address,
        origin: request.origin,
        nonce,
        issuedAt: now,
        expiresAt,
        siwe,
      });
      await deps.challenges.issue({
        key: { projectId: project.id, type, address },
        message: built.message,
        nonce,
        origin: request.origin,
        binding: session ? { sessionId: session.id, userId: session.user_id } : null,
        chainId: built.chainId,
        siwe: built.siwe,
        createdAt: now,
        expiresAt,
      });
      return built.message;
    },
  };
}

/** The wallet start service. */
export type CryptoWalletStartService = ReturnType<typeof createCryptoWalletStartService>;
