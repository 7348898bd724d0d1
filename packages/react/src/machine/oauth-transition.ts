/** @module machine/oauth-transition — the OAuth part of the reducer: Main's 'Continue with {provider}'. */
import type { EventOf } from './event.js';
import type { ScreenOf } from './screen.js';
import type { MachineState } from './state.js';

/** The events this part handles. */
export type OAuthEvent = EventOf<'OAUTH_START_REQUESTED' | 'OAUTH_START_FAILED' | 'OAUTH_PAGE_RESTORED'>;

/** Main without the pending provider. */
function idleMain(screen: ScreenOf<'Main'>): ScreenOf<'Main'> {
  const { oauthProvider: _pending, ...rest } = screen;
  return rest;
}

/**
 * The next state for an OAuth event; `state` itself when it does not apply. A successful start
 * has no event: the machine stays busy, and the pressed button spinning, until the page leaves.
 */
export function oauthTransition(state: MachineState, event: OAuthEvent): MachineState {
  const { screen, busy } = state;
  if (screen.name !== 'Main') return state;
  switch (event.type) {
    case 'OAUTH_START_REQUESTED':
      if (busy) return state;
      return { ...state, screen: { ...screen, oauthProvider: event.provider }, busy: true, error: null };
    case 'OAUTH_START_FAILED':
      if (!busy) return state;
      return { ...state, screen: idleMain(screen), busy: false, error: event.error };
    case 'OAUTH_PAGE_RESTORED':
      // Back from the provider through the browser's back button: the page is live again as it
      // was left, so the buttons must work again.
      if (!busy || screen.oauthProvider === undefined) return state;
      return { ...state, screen: idleMain(screen), busy: false, error: null };
  }
}
