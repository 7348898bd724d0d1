/** @module crypto-wallet-authenticate.service — signing in (primary) or adding a wallet (secondary) with a signed challenge. */
import type { Clock } from '../../clock.js';
import { hashToken } from '../../crypto/tokens.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import type { DomainEventBus } from '../../domain-events/domain-event-bus.js';
import type { Random } from '../../random.js';
import type { Project } from '../projects/project.js';
import { liveSessions } from '../sessions/live-sessions.js';
import type { PrimarySignIn, SessionAttributes, SessionsService } from '../sessions/sessions.service.js';
import type { SessionRow } from '../sessions/sessions.table.js';
import { isBoundToRequest } from './challenge-binding.js';
import type { ChallengeStore } from './crypto-wallet-challenges.js';
import { verifierUnavailable, walletVerificationFailed } from './crypto-wallet-errors.js';
import { cryptoWalletFactor } from './crypto-wallet-factor.js';
import type { WalletKey } from './crypto-wallets.repository.js';
import type { CryptoWalletChallengeRow, CryptoWalletRow } from './crypto-wallets.table.js';
import { linkCryptoWallet } from './link-crypto-wallet.js';
import { verifyWalletSignature } from './verification/verify-wallet-signature.js';
import { canonicalWalletAddress, parseWalletType } from './verification/wallet-address.js';

/** Body of POST /crypto_wallets/authenticate, as the schema let it through. */
export interface AuthenticateInput {
  crypto_wallet_address: string;
  crypto_wallet_type: string;
  signature: string;
  session_duration_minutes?: number | undefined;
}

/**
 * A wallet sign-in: the session (new, or the presented one with the factor added) and its token,
 * or an intermediate session when the project requires MFA; and the wallet.
 */
export interface WalletSignIn {
  signIn: PrimarySignIn;
  wallet: CryptoWalletRow;
  /** The signed SIWE (EIP-4361) message, or null when the challenge was not one. */
  siwe: string | null;
}

/** What signing in needs. */
export interface CryptoWalletAuthenticateDeps {
  db: Db;
  clock: Clock;
  random: Random;
  sessions: SessionsService;
  challenges: ChallengeStore;
  /** LATCHKEY_ETHEREUM_RPC_URLS: chain id → JSON-RPC URL, for contract wallets (ERC-1271/6492). */
  ethereumRpcUrls: ReadonlyMap<number, string>;
  /** Where a wallet sign-up or link is announced. */
  events?: DomainEventBus;
}

/** Creates the wallet sign-in service. */
export function createCryptoWalletAuthenticateService(deps: CryptoWalletAuthenticateDeps) {
  const { db, clock } = deps;

  /**
   * The newest consumed challenge that belongs to this request and whose message the signature
   * verifies. None → 401, or 503 when a contract wallet's check could not reach its chain.
   */
  async function passingChallenge(
    consumed: CryptoWalletChallengeRow[],
    key: WalletKey,
    signature: string,
    request: { origin: string | 'server'; liveSessionId: string | null; now: Date },
  ): Promise<CryptoWalletChallengeRow> {
    let unavailable = false;
    for (const challenge of consumed) {
      if (!isBoundToRequest(challenge, request)) continue;
      const verdict = await verifyWalletSignature(
        {
          type: key.type,
          address: key.address,
          message: challenge.message,
          signature,
          siwe: challenge.siwe,
          chainId: challenge.chain_id === null ? null : Number(challenge.chain_id),
          // The server API's challenges name the page they were issued for; the message must still fit it.
          origin: challenge.origin,
          nonce: challenge.nonce,
          now: request.now,
        },
        { ethereumRpcUrls: deps.ethereumRpcUrls },
      );
      if (verdict === 'valid') return challenge;
      if (verdict === 'unavailable') unavailable = true;
    }
    throw unavailable ? verifierUnavailable() : walletVerificationFailed();
  }

  /**
   * Verifies a signed challenge. Every open challenge of the wallet is used up first, pass or
   * fail (SECURITY G1, G2); only after one passed are the wallet, user and session written, in
   * one transaction. A challenge bound to a user adds the wallet to that user (and the factor to
   * `presented` when it is theirs); an unbound one signs in the wallet's user (or a new one),
   * adding the factor to `presented` when it is that user's, otherwise making a new session.
   * `origin` is the browser page's, or `'server'` for the server API (its own challenges only).
   */
  async function signIn(
    project: Project,
    presented: { row: SessionRow; token: string } | undefined,
    input: AuthenticateInput,
    request: { origin: string | 'server'; attributes: SessionAttributes },
  ): Promise<WalletSignIn> {
    const type = parseWalletType(input.crypto_wallet_type);
    const key = {
      projectId: project.id,
      type,
      address: canonicalWalletAddress(type, input.crypto_wallet_address),
    };
    const now = clock.now();
    const consumed = await deps.challenges.consume(key, now);
    if (consumed.length === 0) throw walletVerificationFailed();
    const passed = await passingChallenge(consumed, key, input.signature, {
      origin: request.origin,
      liveSessionId: presented?.row.id ?? null,
      now,
    });

    return inTransaction(db, async (trx) => {
      // A challenge bound to a session passed only for that live session, so its user is `presented`'s.
      const { wallet } = await linkCryptoWallet(trx, deps, project, key, passed.user_id);
      const factor = cryptoWalletFactor(wallet, clock.now());
      if (presented && presented.row.user_id === wallet.user_id) {
        const session = await deps.sessions.addFactor(
          trx,
          project,
          presented.row.id,
          factor,
          input.session_duration_minutes,
        );
        return {
          signIn: { row: session, token: presented.token },
          wallet,
          siwe: passed.siwe ? passed.message : null,
        };
      }
      const signIn = await deps.sessions.completePrimarySignIn(trx, {
        project,
        userId: wallet.user_id,
        factor,
        durationMinutes: input.session_duration_minutes,
        attributes: request.attributes,
      });
      return { signIn, wallet, siwe: passed.siwe ? passed.message : null };
    });
  }

  return {
    /** The browser's sign-in (`/sdk/v1`): the page's Origin and the session token it sent, if any. */
    async authenticate(
      project: Project,
      sessionToken: string | null,
      input: AuthenticateInput,
      request: { origin: string; attributes: SessionAttributes },
    ): Promise<WalletSignIn> {
      const row =
        sessionToken === null
          ? undefined
          : await liveSessions.findByTokenHash(db, project.id, hashToken(sessionToken), clock.now());
      return signIn(project, row && { row, token: sessionToken as string }, input, request);
    },

    /**
     * The server API's sign-in (`/v1`): only challenges the server API issued; `named` is the
     * session the integrator named by token or JWT (its token is `""` when named by JWT).
     */
    async authenticateForServer(
      project: Project,
      named: { row: SessionRow; token: string } | undefined,
      input: AuthenticateInput,
      attributes: SessionAttributes,
    ): Promise<WalletSignIn> {
      return signIn(project, named, input, { origin: 'server', attributes });
    },
  };
}

/** The wallet sign-in service. */
export type CryptoWalletAuthenticateService = ReturnType<typeof createCryptoWalletAuthenticateService>;
