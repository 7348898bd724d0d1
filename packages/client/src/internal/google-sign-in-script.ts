/** @module internal/google-sign-in-script — loads Google's sign-in script once per page and hands out `google.accounts.id`. */

import { loadScript } from './load-script.js';

/** What Google's prompt callback receives (Google Identity Services, `PromptMomentNotification`). */
export interface GooglePromptNotification {
  isNotDisplayed?(): boolean;
  getNotDisplayedReason?(): string;
  isSkippedMoment?(): boolean;
  getSkippedReason?(): string;
  isDismissedMoment?(): boolean;
  getDismissedReason?(): string;
}

/** The `initialize` options this client passes. */
export interface GoogleIdConfiguration {
  client_id: string;
  nonce: string;
  callback(response: { credential?: string; select_by?: string }): void;
  prompt_parent_id?: string;
  cancel_on_tap_outside?: boolean;
  use_fedcm_for_prompt?: boolean;
}

/** The part of `google.accounts.id` this client calls. */
export interface GoogleAccountsId {
  initialize(configuration: GoogleIdConfiguration): void;
  prompt(listener?: (notification: GooglePromptNotification) => void): void;
  cancel(): void;
}

type GoogleWindow = Window & { google?: { accounts?: { id?: GoogleAccountsId } } };

/** Resolves `google.accounts.id`, loading `url` unless the page has it already. */
export function loadGoogleSignInScript(url: string, host: Window = window): Promise<GoogleAccountsId> {
  return loadScript(url, 'google.accounts.id', (page) => (page as GoogleWindow).google?.accounts?.id, host);
}
