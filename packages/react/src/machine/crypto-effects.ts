/**
 * @module machine/crypto-effects — the crypto-wallet effects (spec §4). The steps themselves live
 * with the wallet code (crypto/crypto-ceremony.ts, in latchkey-crypto.js for the script-tag
 * bundle); each starts only once the machine has accepted the event of the step before, for the
 * attempt it still waits on.
 */
import { cryptoFailed } from '../crypto/crypto-failed.js';
import { type CryptoCeremony, loadCryptoCeremony } from '../crypto/load-crypto-ceremony.js';
import { type EffectContext, report } from './effect-context.js';
import type { Event, EventOf } from './event.js';

/** Runs a step once its code is here; code that cannot load fails the attempt like the step would. */
export async function cryptoStep(
  attempt: number,
  step: (ceremony: CryptoCeremony) => Promise<Event>,
): Promise<Event> {
  let ceremony: CryptoCeremony;
  try {
    ceremony = await loadCryptoCeremony();
  } catch (error) {
    return cryptoFailed(attempt, error);
  }
  return step(ceremony);
}

/**
 * CRYPTO_FAILED, accepted (the attempt was current): onError gets what was thrown, the wallet's
 * CryptoWalletError (spec §8's '[Error] Could not …' message) or the API error. A wallet error is
 * also logged, since the host may not listen and the screen words it only briefly.
 */
export function reportCryptoFailure(event: EventOf<'CRYPTO_FAILED'>, ctx: EffectContext): undefined {
  const { cause } = event;
  if (cause instanceof Error && cause.name === 'CryptoWalletError') {
    console.error(`Latchkey: ${cause.message}`, cause);
  }
  report(ctx, cause);
  return undefined;
}
