/** @module crypto-wallet-start.service — issuing the message a wallet signs (start primary / secondary). */
import type { Clock } from '../../clock.js';
import type { DbExecutor } from '../../db/database.js';
import type { Random } from '../../random.js';
import type { LookupThrottle } from '../../rate-limit/lookup-throttle.js';
import type { Project } from '../projects/project.js';
import type { SessionRow } from '../sessions/sessions.table.js';
import type { ChallengeStore } from './crypto-wallet-challenges.js';
import { walletInUse } from './crypto-wallet-errors.js';
import { CHALLENGE_LIFETIME_MS } from './crypto-wallet-policy.js';
import { findWallet } from './crypto-wallets.repository.js';
import { buildChallengeMessage } from './verification/challenge-message.js';
import { newChallengeNonce } from './verification/challenge-nonce.js';
import { parseSiweParams, type SiweInput } from './verification/siwe-params.js';
import {
  type CryptoWalletType,
  canonicalWalletAddress,
  parseWalletType,
} from './verification/wallet-address.js';

/** Body of the start endpoints, as the schema let it through. */
export interface AuthenticateStartInput {
  crypto_wallet_address: string;
  crypto_wallet_type: string;
  siwe_params?: unknown;
}

/** What starting needs. */
export interface CryptoWalletStartDeps {
  db: DbExecutor;
  clock: Clock;
  random: Random;
  challenges: ChallengeStore;
  lookups: LookupThrottle;
}

/** Who a server-issued challenge is for: the user (and session) the integrator named, or anyone. */
export interface ServerChallengeBinding {
  userId: string;
  sessionId: string | null;
}

/** Creates the start service. */
export function createCryptoWalletStartService(deps: CryptoWalletStartDeps) {
  /** Stores and returns the message for a checked wallet, origin and SIWE choice. */
  async function issue(
    project: Project,
    wallet: { type: CryptoWalletType; address: string },
    origin: string,
    siwe: SiweInput | null,
    binding: { sessionId: string | null; userId: string } | null,
    forServer: boolean,
  ): Promise<string> {
    const now = deps.clock.now();
    const nonce = newChallengeNonce(deps.random);
    const expiresAt = new Date(now.getTime() + CHALLENGE_LIFETIME_MS);
    const built = buildChallengeMessage({ ...wallet, origin, nonce, issuedAt: now, expiresAt, siwe });
    await deps.challenges.issue({
      key: { projectId: project.id, ...wallet },
      message: built.message,
      nonce,
      origin,
      binding,
      forServer,
      chainId: built.chainId,
      siwe: built.siwe,
      createdAt: now,
      expiresAt,
    });
    return built.message;
  }

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
      // docs/contracts.md: SIWE applies to Ethereum on a project that requires it; otherwise siwe_params is ignored.
      const siwe =
        type === 'ethereum' && project.siweRequiredForCryptoWallets
          ? parseSiweParams(input.siwe_params, request.origin, deps.clock.now())
          : null;
      await deps.lookups.check(project, 'crypto_start', request.clientIp);
      const binding = session ? { sessionId: session.id, userId: session.user_id } : null;
      return issue(project, { type, address }, request.origin, siwe, binding, false);
    },

    /**
     * The server API's start: a wallet another user than the named one has → 409
     * crypto_wallet_in_use; the wallet and the page (`origin`, already derived from the
     * project's allowed origins) checked as the browser's; SIWE when the caller sent `siwe`
     * fields or the project requires it for Ethereum. Counted against the project's limit only
     * (the caller is the integrator's server, shared by all its users). The challenge is answered
     * only through the server API. Answers the message and the user the wallet is for or already
     * belongs to (null for a wallet nobody has yet).
     */
    async startForServer(
      project: Project,
      wallet: { type: CryptoWalletType; address: string },
      page: { origin: string; siweParams: Record<string, unknown> | undefined },
      binding: ServerChallengeBinding | null,
    ): Promise<{ challenge: string; userId: string | null }> {
      const existing = await findWallet(deps.db, { projectId: project.id, ...wallet });
      // Said now rather than after the user has signed: the wallet is another account's.
      if (existing && binding && existing.user_id !== binding.userId) throw walletInUse();
      const wantsSiwe =
        wallet.type === 'ethereum' && (page.siweParams !== undefined || project.siweRequiredForCryptoWallets);
      const siwe = wantsSiwe ? parseSiweParams(page.siweParams, page.origin, deps.clock.now()) : null;
      await deps.lookups.check(project, 'crypto_start', null);
      const challenge = await issue(project, wallet, page.origin, siwe, binding, true);
      return { challenge, userId: binding?.userId ?? existing?.user_id ?? null };
    },
  };
}

/** The wallet start service. */
export type CryptoWalletStartService = ReturnType<typeof createCryptoWalletStartService>;
