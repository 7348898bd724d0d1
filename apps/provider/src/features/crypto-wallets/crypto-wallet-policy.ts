/** @module crypto-wallet-policy — the crypto-wallet feature's limits and lifetimes. */

/** docs/contracts.md "Crypto wallets": a challenge is valid 5 minutes. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/** At most this many open challenges per wallet; a further start retires the oldest. */
export const MAX_OPEN_CHALLENGES_PER_WALLET = 5;
