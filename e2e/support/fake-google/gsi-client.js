/*
 * A stand-in for Google's sign-in script (https://accounts.google.com/gsi/client) for the
 * end-to-end stack, served by the fake Google at /gsi/client. It implements the part of
 * `google.accounts.id` that One Tap uses — initialize, prompt, cancel, disableAutoSelect — with
 * Google's shapes: the prompt is a small card ("Continue as {name}", "Close") rendered into the
 * element named by `prompt_parent_id` (or a fixed top-right corner), and the credential is an ID
 * token the fake Google signs for the client id and nonce given to initialize. The person who
 * "is signed in to Google" is `?login=NAME` on this script's URL (default `tap`).
 *
 * What it protects: nothing; it lets the tests drive the real provider's One Tap checks (nonce,
 * audience, issuer, signature) with genuinely signed tokens and no network access to Google.
 */
(() => {
  const scriptUrl = new URL(document.currentScript ? document.currentScript.src : window.location.href);
  const googleOrigin = scriptUrl.origin;
  const login = scriptUrl.searchParams.get('login') || 'tap';

  let configuration = null;
  let card = null;
  let momentListener = null;

  /** A PromptMomentNotification as Google hands it to prompt()'s listener. */
  function moment(type, reason) {
    return {
      getMomentType: () => type,
      isDisplayMoment: () => type === 'display',
      isDisplayed: () => type === 'display' && !reason,
      isNotDisplayed: () => type === 'display' && Boolean(reason),
      getNotDisplayedReason: () => (type === 'display' ? reason : undefined),
      isSkippedMoment: () => type === 'skipped',
      getSkippedReason: () => (type === 'skipped' ? reason : undefined),
      isDismissedMoment: () => type === 'dismissed',
      getDismissedReason: () => (type === 'dismissed' ? reason : undefined),
    };
  }

  function report(type, reason) {
    if (momentListener) momentListener(moment(type, reason));
  }

  /** The claims of a JWT, for the name on the card (the token was just fetched from our own origin). */
  function claimsOf(credential) {
    const payload = credential.split('.')[1] || '';
    const bytes = Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
      c.charCodeAt(0),
    );
    return JSON.parse(new TextDecoder().decode(bytes));
  }

  function closeCard() {
    if (card) card.remove();
    card = null;
  }

  function button(text, onClick) {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = text;
    element.style.cssText = 'display:block;width:100%;margin-top:8px;padding:8px;font:inherit;cursor:pointer';
    element.addEventListener('click', onClick);
    return element;
  }

  function renderCard(credential) {
    const claims = claimsOf(credential);
    const parent =
      (configuration.prompt_parent_id && document.getElementById(configuration.prompt_parent_id)) || null;
    card = document.createElement('div');
    card.setAttribute('role', 'dialog');
    card.setAttribute('aria-label', 'Sign in with Google');
    card.dataset.fakeGoogleOneTap = '';
    card.style.cssText =
      'box-sizing:border-box;width:320px;padding:16px;background:#fff;color:#202124;border:1px solid #dadce0;' +
      'border-radius:8px;box-shadow:0 2px 6px rgba(0,0,0,.2);font:14px/1.4 sans-serif;' +
      (parent ? '' : 'position:fixed;top:16px;right:16px;z-index:2147483647;');
    const heading = document.createElement('p');
    heading.style.margin = '0';
    heading.textContent = `Sign in to ${window.location.host} with Google`;
    const account = document.createElement('p');
    account.style.margin = '8px 0 0';
    account.textContent = claims.email || '';
    card.append(
      heading,
      account,
      button(`Continue as ${claims.name || claims.email || 'you'}`, () => {
        closeCard();
        report('dismissed', 'credential_returned');
        configuration.callback({ credential, select_by: 'user' });
      }),
      button('Close', () => {
        closeCard();
        report('dismissed', 'cancel_called');
      }),
    );
    (parent || document.body).appendChild(card);
    report('display');
  }

  const id = {
    initialize(options) {
      configuration = Object.assign({}, options);
    },

    prompt(listener) {
      momentListener = typeof listener === 'function' ? listener : null;
      if (!configuration?.client_id) {
        report('display', 'missing_client_id');
        return;
      }
      if (card) return;
      // Like Google, the prompt names the account that is signed in: fetch its token first.
      const query = new URLSearchParams({
        client_id: configuration.client_id,
        nonce: configuration.nonce || '',
        login,
      });
      fetch(`${googleOrigin}/test/one-tap-credential?${query}`, { credentials: 'omit', cache: 'no-store' })
        .then((response) =>
          response.ok ? response.json() : Promise.reject(new Error(String(response.status))),
        )
        .then(
          (body) => renderCard(body.credential),
          () => report('display', 'invalid_client'),
        );
    },

    cancel() {
      if (!card) return;
      closeCard();
      report('dismissed', 'cancel_called');
    },

    disableAutoSelect() {},
  };

  window.google = window.google || {};
  window.google.accounts = window.google.accounts || {};
  window.google.accounts.id = id;
})();
