/** @module machine/crypto-transition — the crypto-wallet part of the reducer (spec §2, §4 crypto flow). */
import type { EventOf } from './event.js';
import type { ScreenOf } from './screen.js';
import { afterSignIn } from './second-factor.js';
import type { MachineState } from './state.js';

/** The events this part handles. */
export type CryptoEvent = EventOf<
  | 'CRYPTO_WALLET_SELECTED'
  | 'CRYPTO_OTHER_REQUESTED'
  | 'CRYPTO_SETUP_REQUESTED'
  | 'CRYPTO_WALLET_CONNECTED'
  | 'CRYPTO_CHALLENGE_RECEIVED'
  | 'CRYPTO_MESSAGE_SIGNED'
  | 'CRYPTO_AUTHENTICATED'
  | 'CRYPTO_FAILED'
>;

type CeremonyScreenName = 'CryptoConnect' | 'CryptoSignMessage';

/**
 * The screen of `names` that waits for `attempt`, if the machine is on it and busy. After the back
 * arrow, or a new pick, the old wallet pop-up may still answer: its event names another attempt,
 * or arrives on another screen, and is dropped.
 */
function waitingScreen<N extends CeremonyScreenName>(
  state: MachineState,
  names: readonly N[],
  attempt: number,
): ScreenOf<N> | undefined {
  const { screen } = state;
  if (!state.busy || !(names as readonly string[]).includes(screen.name)) return undefined;
  const waiting = screen as ScreenOf<CeremonyScreenName>;
  return waiting.attempt === attempt ? (waiting as ScreenOf<N>) : undefined;
}

/** The next state for a crypto event; `state` itself when the event does not apply. */
export function cryptoTransition(state: MachineState, event: CryptoEvent): MachineState {
  const { screen, busy } = state;
  switch (event.type) {
    case 'CRYPTO_WALLET_SELECTED': {
      if ((screen.name !== 'Main' && screen.name !== 'CryptoOtherScreen') || busy) return state;
      const { walletOption, walletLabel, walletType, attempt } = event;
      return {
        ...state,
        screen: { name: 'CryptoConnect', walletOption, walletLabel, walletType, attempt },
        busy: true,
        error: null,
      };
    }
    case 'CRYPTO_OTHER_REQUESTED':
      if (screen.name !== 'Main' || busy) return state;
      return { ...state, screen: { name: 'CryptoOtherScreen' }, error: null };
    case 'CRYPTO_SETUP_REQUESTED':
      if ((screen.name !== 'Main' && screen.name !== 'CryptoOtherScreen') || busy) return state;
      return { ...state, screen: { name: 'CryptoSetupWallet' }, error: null };
    // Nothing on screen changes, but accepting the event (a new object) starts its call, so only
    // the current attempt ever reaches the provider.
    case 'CRYPTO_WALLET_CONNECTED':
      return waitingScreen(state, ['CryptoConnect'], event.attempt) ? { ...state } : state;
    case 'CRYPTO_MESSAGE_SIGNED':
      return waitingScreen(state, ['CryptoSignMessage'], event.attempt) ? { ...state } : state;
    case 'CRYPTO_CHALLENGE_RECEIVED': {
      const connecting = waitingScreen(state, ['CryptoConnect'], event.attempt);
      if (!connecting) return state;
      const { walletOption, walletLabel, walletType, attempt } = connecting;
      // Still busy: the signature is the next step, started by the screen.
      return {
        ...state,
        screen: {
          name: 'CryptoSignMessage',
          walletOption,
          walletLabel,
          walletType,
          attempt,
          walletAddress: event.walletAddress,
          walletChallenge: event.walletChallenge,
        },
      };
    }
    case 'CRYPTO_AUTHENTICATED':
      if (!waitingScreen(state, ['CryptoSignMessage'], event.attempt)) return state;
      return afterSignIn(state, event.result, { name: 'CryptoConfirmation', result: event.result });
    case 'CRYPTO_FAILED':
      if (!waitingScreen(state, ['CryptoConnect', 'CryptoSignMessage'], event.attempt)) return state;
      return { ...state, screen: { name: 'CryptoError' }, busy: false, error: event.error };
  }
}
