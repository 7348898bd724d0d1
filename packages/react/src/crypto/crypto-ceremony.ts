/**
 * @module crypto/crypto-ceremony — the steps of a crypto-wallet sign-in (spec §4): the wallet's
 * connect and sign pop-ups, and the provider's challenge and authenticate calls between them. Each
 * step reports with an event naming its attempt; machine/crypto-effects.ts starts the next one only
 * once the machine has accepted that event, so an attempt the user has left never reaches the
 * provider again. Part of latchkey-crypto.js with the wallet layer it drives.
 */
import { sessionDurationOf } from '../config.js';
import { type EffectContext, emit, log } from '../machine/effect-context.js';
import type { Event, EventOf } from '../machine/event.js';
import type { ScreenOf } from '../machine/screen.js';
import { cryptoFailed } from './crypto-failed.js';
import { connectWallet, signWalletMessage } from './crypto-wallets.js';

/** CRYPTO_WALLET_SELECTED: the wallet's connect pop-up. */
export async function connectCryptoWallet(event: EventOf<'CRYPTO_WALLET_SELECTED'>): Promise<Event> {
  const { attempt } = event;
  try {
    const { address, chainId } = await connectWallet(window, event.walletOption);
    return { type: 'CRYPTO_WALLET_CONNECTED', attempt, walletAddress: address, chainId };
  } catch (error) {
    return cryptoFailed(attempt, error);
  }
}

/**
 * CRYPTO_WALLET_CONNECTED on `screen`: asks the provider for the message to sign. The wallet's
 * chain goes along for Sign-In With Ethereum; the client drops it when the project has SIWE off.
 */
export async function startCryptoChallenge(
  screen: ScreenOf<'CryptoConnect'>,
  event: EventOf<'CRYPTO_WALLET_CONNECTED'>,
  ctx: EffectContext,
): Promise<Event> {
  const { walletType } = screen;
  const { attempt, walletAddress, chainId } = event;
  try {
    const response = await ctx.client.cryptoWallets.authenticateStart({
      crypto_wallet_address: walletAddress,
      crypto_wallet_type: walletType,
      ...(walletType === 'ethereum' && chainId !== null ? { siwe_params: { chain_id: chainId } } : {}),
    });
    emit(ctx, 'CRYPTO_WALLET_AUTHENTICATE_START', response);
    return { type: 'CRYPTO_CHALLENGE_RECEIVED', attempt, walletAddress, walletChallenge: response.challenge };
  } catch (error) {
    return cryptoFailed(attempt, error);
  }
}

/** Entering CryptoSignMessage: the wallet's signature pop-up for the challenge. */
export async function signCryptoChallenge(screen: ScreenOf<'CryptoSignMessage'>): Promise<Event> {
  const { attempt } = screen;
  try {
    const signature = await signWalletMessage(
      window,
      screen.walletOption,
      screen.walletAddress,
      screen.walletChallenge,
    );
    return { type: 'CRYPTO_MESSAGE_SIGNED', attempt, signature };
  } catch (error) {
    return cryptoFailed(attempt, error);
  }
}

/** CRYPTO_MESSAGE_SIGNED on `screen`: signs in with the signature, for the widget's session length. */
export async function authenticateCryptoWallet(
  screen: ScreenOf<'CryptoSignMessage'>,
  event: EventOf<'CRYPTO_MESSAGE_SIGNED'>,
  ctx: EffectContext,
): Promise<Event> {
  const { attempt } = event;
  try {
    const result = await ctx.client.cryptoWallets.authenticate({
      crypto_wallet_address: screen.walletAddress,
      crypto_wallet_type: screen.walletType,
      signature: event.signature,
      session_duration_minutes: sessionDurationOf(ctx.config),
    });
    emit(ctx, 'CRYPTO_WALLET_AUTHENTICATE', result);
    log(ctx, 'ui_authentication_success', { method: 'crypto' });
    return { type: 'CRYPTO_AUTHENTICATED', attempt, result };
  } catch (error) {
    return cryptoFailed(attempt, error);
  }
}
