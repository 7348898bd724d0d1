/*
 * Latchkey client-side services: the script of the hidden cross-origin frame the client opens at
 * /v1/public/clientside-services (spec §7, docs/contracts.md "One Tap"). It serves One Tap start
 * and submit and phone-number parsing to the page that embeds it, by calling this provider with
 * the page's origin as the browser reported it. It speaks two message formats: Latchkey's own
 * (`{lk, id, method, params}`, answered by postMessage) and the official browser SDK's
 * (`{method, args}` with a MessagePort, answered on that port; docs/provider-api.md "Official SDK
 * compatibility").
 *
 * What it protects: only the embedding page (window.parent) is answered, a reply goes to that
 * page's origin (or the port that page sent) only, and the origin the provider checks is the
 * browser's `event.origin`, never a value the page chose. Which pages may embed the frame at all is the page's CSP
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

  /** The provider's wire error, keeping its `error_url` and `request_id` for the official SDK. */
  function providerError(statusCode, parsed) {
    const error = frameError(statusCode, parsed.error_type, String(parsed.error_message || ''));
    if (typeof parsed.error_url === 'string') error.error_url = parsed.error_url;
    if (typeof parsed.request_id === 'string') error.request_id = parsed.request_id;
    return error;
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
          if (parsed && typeof parsed.error_type === 'string') throw providerError(response.status, parsed);
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

  function text(value) {
    return typeof value === 'string' ? value : '';
  }

  /**
   * The official SDK's methods (its RPC manifest, @stytch/core 2.25 and the 6.x widget): the same
   * provider calls, with its request and answer names. An unparsable number comes back as typed,
   * because the widget writes `national` into the phone field on every keystroke.
   */
  const officialMethods = {
    oneTapStart: (params, parentOrigin) =>
      methods.oneTapStart(params, parentOrigin).then((answer) => ({
        googleClientId: answer.googleClientId,
        oauthCallbackId: answer.oauthCallbackId,
      })),

    oneTapSubmit: (params, parentOrigin) =>
      methods.oneTapSubmit(
        {
          credential: params.idToken,
          oauthCallbackId: params.oauthCallbackID,
          loginRedirectURL: params.loginRedirectURL,
          signupRedirectURL: params.signupRedirectURL,
        },
        parentOrigin,
      ),

    parsedPhoneNumber: (params, parentOrigin) => {
      const typed = text(params.phoneNumber);
      return methods
        .parsePhoneNumber({ number: typed, country: params.regionCode }, parentOrigin)
        .then((answer) => ({
          isValid: answer.isValid === true,
          number: answer.e164 === null ? typed : answer.e164,
          national: answer.national === null ? typed : answer.national,
        }));
    },

    getExamplePhoneNumber: (params, parentOrigin) =>
      post('phone_numbers/example', {
        public_token: frameToken,
        parent_origin: parentOrigin,
        country: text(params.regionCode),
      }).then((answer) => ({ phoneNumber: answer.phone_number })),
  };

  function handle(table, message, params, parentOrigin) {
    const method = Object.hasOwn(table, message.method) ? table[message.method] : undefined;
    if (!method) {
      return Promise.reject(frameError(400, 'invalid_request', `Unknown method ${String(message.method)}`));
    }
    // The frame serves the project it was loaded for: its CSP admitted this parent for that one.
    if (params.publicToken !== undefined && params.publicToken !== frameToken) {
      return Promise.reject(
        frameError(401, 'invalid_public_token', 'This frame was loaded for another public token.'),
      );
    }
    return method(params, parentOrigin);
  }

  function objectOr(value) {
    return value && typeof value === 'object' ? value : {};
  }

  /**
   * The official SDK's error marshalling: a plain object whose `name` picks the error class it
   * rebuilds, with the wire fields of a StytchAPIError.
   */
  function marshalledError(error) {
    const wire =
      error && typeof error.error_type === 'string'
        ? error
        : frameError(500, 'internal_error', `The frame failed: ${String(error)}`);
    const marshalled = Object.assign({}, wire);
    marshalled.name = wire.status_code === 0 ? 'StytchAPIUnreachableError' : 'StytchAPIError';
    marshalled.message = `[${wire.status_code}] ${wire.error_type}\n${wire.error_message}`;
    if (typeof marshalled.error_url !== 'string') marshalled.error_url = '';
    return marshalled;
  }

  /** `{method, args: [request]}` with one MessagePort: answered `{success, payload | error}` on that port. */
  function answerOfficial(message, port, parentOrigin) {
    const args = message.args;
    handle(officialMethods, message, objectOr(args[0]), parentOrigin).then(
      (payload) => port.postMessage({ success: true, payload: payload }),
      (error) => port.postMessage({ success: false, error: marshalledError(error) }),
    );
  }

  window.addEventListener('message', (event) => {
    // Only the embedding page, and only pages with a real origin (a sandboxed page's is "null").
    if (event.source !== window.parent || event.origin === 'null') return;
    const message = event.data;
    if (!message || typeof message !== 'object') return;
    const port = event.ports && event.ports.length === 1 ? event.ports[0] : undefined;
    if (
      port &&
      message.lk === undefined &&
      typeof message.method === 'string' &&
      Array.isArray(message.args)
    ) {
      answerOfficial(message, port, event.origin);
      return;
    }
    if (message.lk !== PROTOCOL || message.ready) return;
    if (typeof message.id !== 'string' && typeof message.id !== 'number') return;
    const origin = event.origin;
    const reply = (fields) => {
      fields.lk = PROTOCOL;
      fields.id = message.id;
      window.parent.postMessage(fields, origin);
    };
    handle(methods, message, objectOr(message.params), origin).then(
      (result) => reply({ result: result }),
      (error) =>
        reply({
          error:
            error && typeof error.error_type === 'string'
              ? frameError(error.status_code, error.error_type, error.error_message)
              : frameError(500, 'internal_error', `The frame failed: ${String(error)}`),
        }),
    );
  });

  // The ready signal carries nothing secret, and the parent's origin is not known yet: any target.
  window.parent.postMessage({ lk: PROTOCOL, ready: true }, '*');
})();
