/** @module internal/google-sign-in-script — loads Google's sign-in script once per page and hands out `google.accounts.id`. */

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

// The script defines one global per page: every client shares the one load.
const loads = new Map<string, Promise<GoogleAccountsId>>();

function accountsId(host: GoogleWindow): GoogleAccountsId | undefined {
  return host.google?.accounts?.id;
}

/**
 * Resolves `google.accounts.id`, adding `<script src={url} async>` unless the page already has
 * it. A failed load is forgotten, so a later call tries again.
 */
export function loadGoogleSignInScript(url: string, host: Window = window): Promise<GoogleAccountsId> {
  const present = accountsId(host as GoogleWindow);
  if (present) return Promise.resolve(present);
  const known = loads.get(url);
  if (known) return known;
  const load = new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = host.document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => {
      const api = accountsId(host as GoogleWindow);
      if (api) resolve(api);
      else reject(new Error(`${url} loaded but did not define google.accounts.id`));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`${url} could not be loaded`));
    });
    (host.document.head ?? host.document.documentElement).appendChild(script);
  });
  loads.set(url, load);
  load.catch(() => loads.delete(url));
  return load;
}
