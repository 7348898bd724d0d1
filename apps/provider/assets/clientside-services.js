/*
 * Latchkey client-side services: the script of the hidden cross-origin frame the client opens at
 * /v1/public/clientside-services (spec §7, docs/contracts.md "One Tap"). It serves One Tap start
 * and submit and phone-number parsing to the page that embeds it, by calling this provider with
 * the page's origin as the browser reported it.
 *
 * What it protects: only the embedding page (window.parent) is answered, a reply goes to that
 * page's origin only, and the origin the provider checks is the browser's `event.origin`, never a
 * value the page chose. Which pages may embed the frame at all is the page's CSP
 * (`frame-ancestors`, the project's allowed origins). Hand-written and dependency-free: the
 * provider serves this file as is.
 */
(() => {
  const PROTOCOL = 'latchkey-clientside';
  const frameToken = new URLSearchParams(window.location.search).get('public_token') || '';

  if (window.parent === window) return;

  /** The wire error shape the client maps (`{status_code, error_type, error_message}`). */
  function frameError(statusCode, errorType, message) {
    return { status_code: statusCode, error_type: errorType, error_message: message };
  }

  /** POSTs JSON to a provider route next to this page; resolves the body or rejects with a frame error. */
  function post(path, body) {
    const url = new URL(path, window.location.href).toString();
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    }).then(
      (response) =>
        response.text().then((text) => {
          let parsed;
          try {
            parsed = JSON.parse(text);
          } catch (_) {
            parsed = undefined;
          }
          if (response.ok && parsed && typeof parsed === 'object') return parsed;
          if (parsed && typeof parsed.error_type === 'string') {
            throw frameError(response.status, parsed.error_type, String(parsed.error_message || ''));
          }
          throw frameError(
            response.status,
            'unexpected_response',
            `The provider answered ${response.status}`,
          );
        }),
      () => {
        throw frameError(0, 'network_unreachable', 'The provider could not be reached.');
      },
    );
  }

  function optional(target, key, value) {
    if (typeof value === 'string') target[key] = value;
    return target;
  }

  const methods = {
    oneTapStart: (_params, parentOrigin) =>
      post('oauth/google/onetap/start', { public_token: frameToken, parent_origin: parentOrigin }).then(
        (body) => ({ googleClientId: body.google_client_id, oauthCallbackId: body.oauth_callback_id }),
      ),

    oneTapSubmit: (params, parentOrigin) => {
      const body = {
        public_token: frameToken,
        parent_origin: parentOrigin,
        credential: params.credential,
        oauth_callback_id: params.oauthCallbackId,
      };
      optional(body, 'login_redirect_url', params.loginRedirectURL);
      optional(body, 'signup_redirect_url', params.signupRedirectURL);
      return post('oauth/google/onetap/submit', body).then((answer) => ({
        redirect_url: answer.redirect_url,
      }));
    },

    parsePhoneNumber: (params, parentOrigin) => {
      const body = { public_token: frameToken, parent_origin: parentOrigin, number: params.number };
      optional(body, 'country', params.country);
      return post('phone_numbers/parse', body).then((answer) => ({
        isValid: answer.is_valid,
        e164: answer.e164,
        national: answer.national,
        country: answer.country,
        callingCode: answer.calling_code,
      }));
    },
  };

  function handle(message, parentOrigin) {
    const method = Object.hasOwn(methods, message.method) ? methods[message.method] : undefined;
    if (!method) {
      return Promise.reject(frameError(400, 'invalid_request', `Unknown method ${String(message.method)}`));
    }
    const params = message.params && typeof message.params === 'object' ? message.params : {};
    // The frame serves the project it was loaded for: its CSP admitted this parent for that one.
    if (params.publicToken !== undefined && params.publicToken !== frameToken) {
      return Promise.reject(
        frameError(401, 'invalid_public_token', 'This frame was loaded for another public token.'),
      );
    }
    return method(params, parentOrigin);
  }

  window.addEventListener('message', (event) => {
    // Only the embedding page, and only pages with a real origin (a sandboxed page's is "null").
    if (event.source !== window.parent || event.origin === 'null') return;
    const message = event.data;
    if (!message || message.lk !== PROTOCOL || message.ready) return;
    if (typeof message.id !== 'string' && typeof message.id !== 'number') return;
    const origin = event.origin;
    const reply = (fields) => {
      fields.lk = PROTOCOL;
      fields.id = message.id;
      window.parent.postMessage(fields, origin);
    };
    handle(message, origin).then(
      (result) => reply({ result: result }),
      (error) =>
        reply({
          error:
            error && typeof error.error_type === 'string'
              ? error
              : frameError(500, 'internal_error', `The frame failed: ${String(error)}`),
        }),
    );
  });

  // The ready signal carries nothing secret, and the parent's origin is not known yet: any target.
  window.parent.postMessage({ lk: PROTOCOL, ready: true }, '*');
})();
