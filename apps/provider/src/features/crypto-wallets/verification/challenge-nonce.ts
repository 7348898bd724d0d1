/** @module challenge-nonce — minting the 32-character alphanumeric nonce of a wallet challenge. */
import { cryptoRandom, type Random } from '../../../random.js';

/** Characters per nonce (docs/contracts.md; EIP-4361 asks for at least 8 alphanumerics). */
export const CHALLENGE_NONCE_LENGTH = 32;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 248 = 4 × 62: bytes at or above it are drawn again, so every character is equally likely. */
const ACCEPT_BELOW = Math.floor(256 / ALPHABET.length) * ALPHABET.length;

/** Draws a uniformly random nonce of 32 characters from `[A-Za-z0-9]` (≈190 bits). */
export function newChallengeNonce(random: Random = cryptoRandom): string {
  let nonce = '';
  while (nonce.length < CHALLENGE_NONCE_LENGTH) {
    for (const byte of random.bytes(CHALLENGE_NONCE_LENGTH)) {
      // Rejection sampling: `byte % 62` over all 256 values would favour the first 8 characters.
      if (byte < ACCEPT_BELOW && nonce.length < CHALLENGE_NONCE_LENGTH)
        nonce += ALPHABET[byte % ALPHABET.length];
    }
  }
  return nonce;
}
