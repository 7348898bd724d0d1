/**
 * @module methods/webauthn — `client.webauthn`: passkey registration, sign-in (modal or autofill)
 * and renaming. The browser side is `@simplewebauthn/browser`; this module adds the wire calls,
 * the options filtering of `webauthn-options.ts`, one-ceremony-at-a-time and the error mapping.
 */

import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  WebAuthnAbortService,
  WebAuthnError,
} from '@simplewebauthn/browser';
import {
  LatchkeyArgumentError,
  LatchkeyError,
  LatchkeyWebAuthnError,
  type LatchkeyWebAuthnErrorCode,
} from '../errors.js';
import type { ClientContext } from '../internal/context.js';
import { withDefaultMessage } from '../internal/default-message.js';
import { loadStartAuthentication } from '../internal/load-start-authentication.js';
import { loadStartRegistration } from '../internal/load-start-registration.js';
import { completeSignIn } from '../internal/sign-in.js';
import {
  assertNumber,
  assertOptionalBoolean,
  assertOptionalNumber,
  assertOptionalObject,
  assertOptionalString,
  assertString,
} from '../internal/validate.js';
import type {
  User,
  WebAuthnAuthenticateResult,
  WebAuthnRegisterResult,
  WebAuthnUpdateResult,
} from '../wire-types.js';
import { creationOptionsFromJSON, requestOptionsFromJSON } from './webauthn-options.js';

/** Options of `webauthn.register` (spec §5: all optional). */
export interface WebAuthnRegisterOptions {
  /** The RP ID; default the page's host name. */
  domain?: string;
  authenticatorType?: 'platform' | 'cross-platform';
  /** Asks for a discoverable, user-verified credential (`return_passkey_credential_options`). */
  isPasskey?: boolean;
  sessionDurationMinutes?: number;
}

/** Options of `webauthn.authenticate`. */
export interface WebAuthnAuthenticateOptions {
  sessionDurationMinutes: number;
  /** The RP ID; default the page's host name. */
  domain?: string;
  isPasskey?: boolean;
  /** Aborting it cancels the ceremony; the call then rejects with `webauthn_aborted`. */
  signal?: AbortSignal;
  /**
   * Browser autofill (conditional mediation): needs browser support and an `<input>` whose
   * `autocomplete` contains `webauthn`; otherwise logs and resolves null without a request.
   */
  conditionalMediation?: boolean;
}

/** Options of `webauthn.update`. */
export interface WebAuthnUpdateOptions {
  webauthnRegistrationId: string;
  name: string;
}

/** `client.webauthn`. */
export interface WebAuthnMethods {
  /** Creates a passkey for the signed-in user; the session gains the `webauthn` factor. */
  register(options?: WebAuthnRegisterOptions): Promise<WebAuthnRegisterResult>;
  /**
   * Signs in with a passkey (adds the factor when already signed in). Resolves null only for a
   * conditional-mediation request this browser or page cannot serve.
   */
  authenticate(options: WebAuthnAuthenticateOptions): Promise<WebAuthnAuthenticateResult | null>;
  /** Renames a passkey; resolves the raw response. */
  update(options: WebAuthnUpdateOptions): Promise<WebAuthnUpdateResult>;
  /** True when the browser can offer passkeys in input autofill. */
  browserSupportsAutofill(): Promise<boolean>;
}

/** The text logged when a conditional-mediation request cannot run (spec §8). */
export const AUTOFILL_UNSUPPORTED_MESSAGE = 'Browser does not support WebAuthn autofill';

/** True when some `<input>` has `webauthn` among the tokens of its `autocomplete` attribute. */
function hasWebAuthnInput(): boolean {
  if (typeof document === 'undefined') return false;
  for (const input of document.querySelectorAll('input[autocomplete]')) {
    const tokens = (input.getAttribute('autocomplete') ?? '').toLowerCase().split(/\s+/);
    if (tokens.includes('webauthn')) return true;
  }
  return false;
}

function errorName(error: unknown): string | undefined {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : undefined;
}

/**
 * Maps what the browser (through `@simplewebauthn/browser`) threw to a LatchkeyWebAuthnError,
 * keeping the browser's own message and error as `cause`.
 */
export function toWebAuthnError(error: unknown, ceremony: 'create' | 'get'): LatchkeyError {
  if (error instanceof LatchkeyError) return error;
  const libraryCode = error instanceof WebAuthnError ? error.code : undefined;
  // WebAuthnError wraps the browser's error; its own message is a paraphrase, so use the original.
  const original = error instanceof WebAuthnError && error.cause !== undefined ? error.cause : error;
  const name = errorName(original);
  let code: LatchkeyWebAuthnErrorCode = 'webauthn_ceremony_failed';
  if (
    libraryCode === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' ||
    (ceremony === 'create' && name === 'InvalidStateError')
  ) {
    code = 'webauthn_credential_excluded';
  } else if (name === 'NotAllowedError') {
    code = 'webauthn_not_allowed';
  } else if (libraryCode === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError') {
    code = 'webauthn_aborted';
  } else if (name === 'SecurityError' && libraryCode !== 'ERROR_INVALID_RP_ID') {
    // Insecure context, a host that cannot be an RP ID (an IP address), or a frame without the
    // publickey-credentials permission: WebAuthn cannot run on this page. A wrong RP ID is a bug.
    code = 'webauthn_unsupported';
  }
  const texts = [original, error].map((e) => (e as { message?: unknown } | null)?.message);
  const message = texts.find((text): text is string => typeof text === 'string' && text !== '');
  return new LatchkeyWebAuthnError(code, message ?? 'The WebAuthn ceremony failed', { cause: original });
}

/** `browserSupportsWebAuthnAutofill`, false instead of any failure of the browser's probe. */
async function supportsAutofill(): Promise<boolean> {
  try {
    return await browserSupportsWebAuthnAutofill();
  } catch {
    return false;
  }
}

function unsupported(): LatchkeyWebAuthnError {
  return new LatchkeyWebAuthnError('webauthn_unsupported', 'WebAuthn is not supported in this browser');
}

function assertOptionalSignal(name: string, value: unknown): asserts value is AbortSignal | undefined {
  const signal = value as { aborted?: unknown; addEventListener?: unknown } | undefined;
  if (
    value !== undefined &&
    (typeof value !== 'object' ||
      value === null ||
      typeof signal?.aborted !== 'boolean' ||
      typeof signal.addEventListener !== 'function')
  ) {
    throw new LatchkeyArgumentError(name, 'must be an AbortSignal');
  }
}

/**
 * The browser step's function, loaded while the start request runs. It is resolved before the
 * ceremony reaches the browser, never inside it: where it loads from a file (the widget's
 * script-tag build), a ceremony cancelled during the load must not start a browser request
 * afterwards. A file that cannot load fails the ceremony like the browser would.
 */
function loadCeremony<T>(load: () => Promise<T>, ceremony: 'create' | 'get'): Promise<T> {
  return load().catch((error: unknown) => {
    throw toWebAuthnError(error, ceremony);
  });
}

/** One WebAuthn ceremony of this page; at most one runs at a time, like the browser's. */
interface Ceremony {
  /** Rejects with `webauthn_aborted` if the ceremony was cancelled meanwhile. */
  guard<T>(step: Promise<T>): Promise<T>;
  /** Runs the browser step unless cancelled; maps its errors. */
  browser<T>(run: () => Promise<T>, kind: 'create' | 'get'): Promise<T>;
  /** Releases the signal listener and the page's slot. */
  end(): void;
}

interface ActiveCeremony {
  cancel(error: LatchkeyWebAuthnError): void;
}

/** The page's ceremony in progress (shared by every client, as `WebAuthnAbortService` is). */
let active: ActiveCeremony | undefined;

/**
 * Starts a ceremony: cancels the one in progress (its promise rejects with `webauthn_aborted`)
 * and ties this one to `signal`.
 */
function beginCeremony(signal: AbortSignal | undefined): Ceremony {
  if (signal?.aborted) {
    throw new LatchkeyWebAuthnError('webauthn_aborted', 'The WebAuthn ceremony was aborted', {
      cause: signal.reason,
    });
  }
  active?.cancel(
    new LatchkeyWebAuthnError('webauthn_aborted', 'The WebAuthn ceremony was replaced by a newer one'),
  );
  let cancelledWith: LatchkeyWebAuthnError | undefined;
  let rejectCancelled!: (error: LatchkeyWebAuthnError) => void;
  const cancelled = new Promise<never>((_, reject) => {
    rejectCancelled = reject;
  });
  cancelled.catch(() => {});
  let inBrowser = false;
  const self: ActiveCeremony = {
    cancel(error) {
      if (cancelledWith) return;
      cancelledWith = error;
      // Closes the browser's prompt (or autofill request); the library aborts only its own call.
      if (inBrowser && active === self) WebAuthnAbortService.cancelCeremony();
      if (active === self) active = undefined;
      rejectCancelled(error);
    },
  };
  active = self;
  const onAbort = () =>
    self.cancel(
      new LatchkeyWebAuthnError('webauthn_aborted', 'The WebAuthn ceremony was aborted', {
        cause: signal?.reason,
      }),
    );
  signal?.addEventListener('abort', onAbort, { once: true });

  function guard<T>(step: Promise<T>): Promise<T> {
    // The losing side of the race must not surface as an unhandled rejection.
    step.catch(() => {});
    return Promise.race([step, cancelled]);
  }

  return {
    guard,
    async browser(run, kind) {
      // Checked synchronously right before the call: starting the library's ceremony would abort
      // the newer one that cancelled us.
      if (cancelledWith) throw cancelledWith;
      inBrowser = true;
      try {
        return await guard(
          run().catch((error: unknown) => {
            throw toWebAuthnError(error, kind);
          }),
        );
      } finally {
        inBrowser = false;
      }
    },
    end() {
      signal?.removeEventListener('abort', onAbort);
      if (active === self) active = undefined;
    },
  };
}

/** Builds `client.webauthn`. */
export function createWebAuthnMethods(ctx: ClientContext): WebAuthnMethods {
  const request = <T>(method: 'POST' | 'PUT', path: string, body: object, message: string) =>
    withDefaultMessage(ctx.http.request<T>({ method, path, body }), message);
  const domainOf = (domain: string | undefined) => domain ?? ctx.options.location.hostname;

  async function register(options: WebAuthnRegisterOptions = {}): Promise<WebAuthnRegisterResult> {
    assertOptionalObject('options', options);
    assertOptionalString('domain', options.domain);
    assertOptionalString('authenticatorType', options.authenticatorType);
    assertOptionalBoolean('isPasskey', options.isPasskey);
    assertOptionalNumber('sessionDurationMinutes', options.sessionDurationMinutes);
    // Before any request: a started registration would use up a challenge for nothing.
    if (!browserSupportsWebAuthn()) throw unsupported();
    const ceremony = beginCeremony(undefined);
    try {
      const [startRegistration, start] = await ceremony.guard(
        Promise.all([
          loadCeremony(loadStartRegistration, 'create'),
          request<{ public_key_credential_creation_options?: unknown }>(
            'POST',
            '/webauthn/register/start',
            {
              domain: domainOf(options.domain),
              authenticator_type: options.authenticatorType,
              return_passkey_credential_options: options.isPasskey,
              user_agent: globalThis.navigator?.userAgent,
            },
            'Failed to start WebAuthn registration',
          ),
        ]),
      );
      const optionsJSON = creationOptionsFromJSON(start.public_key_credential_creation_options);
      const credential = await ceremony.browser(() => startRegistration({ optionsJSON }), 'create');
      ceremony.end();
      const response = await request<WebAuthnRegisterResult & { __user?: User }>(
        'POST',
        '/webauthn/register',
        {
          public_key_credential: JSON.stringify(credential),
          session_duration_minutes: options.sessionDurationMinutes,
        },
        'Failed to register WebAuthn device',
      );
      return completeSignIn(ctx, response, '__user');
    } finally {
      ceremony.end();
    }
  }

  async function authenticate(
    options: WebAuthnAuthenticateOptions,
  ): Promise<WebAuthnAuthenticateResult | null> {
    assertOptionalObject('options', options);
    assertNumber('sessionDurationMinutes', options?.sessionDurationMinutes);
    assertOptionalString('domain', options.domain);
    assertOptionalBoolean('isPasskey', options.isPasskey);
    assertOptionalSignal('signal', options.signal);
    assertOptionalBoolean('conditionalMediation', options.conditionalMediation);
    const conditional = options.conditionalMediation === true;
    if (conditional) {
      // Spec §4: not possible here → a log line and nothing else (no request, no ceremony).
      if (!(await supportsAutofill()) || !hasWebAuthnInput()) {
        ctx.options.logger.warn(AUTOFILL_UNSUPPORTED_MESSAGE);
        return null;
      }
    } else if (!browserSupportsWebAuthn()) {
      throw unsupported();
    }
    const ceremony = beginCeremony(options.signal);
    try {
      // Secondary adds the factor to this session; chosen by local state (spec §4).
      const [startAuthentication, start] = await ceremony.guard(
        Promise.all([
          loadCeremony(loadStartAuthentication, 'get'),
          request<{ public_key_credential_request_options?: unknown }>(
            'POST',
            `/webauthn/authenticate/start/${ctx.session.state.session ? 'secondary' : 'primary'}`,
            { domain: domainOf(options.domain), return_passkey_credential_options: options.isPasskey },
            'Failed to start WebAuthn authentication',
          ),
        ]),
      );
      const optionsJSON = requestOptionsFromJSON(start.public_key_credential_request_options);
      const credential = await ceremony.browser(
        // The input check above is ours (the token anywhere in `autocomplete`), not the library's.
        () =>
          startAuthentication({
            optionsJSON,
            useBrowserAutofill: conditional,
            verifyBrowserAutofillInput: false,
          }),
        'get',
      );
      // From here on the credential exists: an abort no longer stops the sign-in.
      ceremony.end();
      const response = await request<WebAuthnAuthenticateResult & { __user?: User }>(
        'POST',
        '/webauthn/authenticate',
        {
          public_key_credential: JSON.stringify(credential),
          session_duration_minutes: options.sessionDurationMinutes,
        },
        'Failed to authenticate WebAuthn device',
      );
      return completeSignIn(ctx, response, '__user');
    } finally {
      ceremony.end();
    }
  }

  return {
    register,
    authenticate,
    async update(options) {
      assertOptionalObject('options', options);
      assertString('webauthnRegistrationId', options?.webauthnRegistrationId);
      assertString('name', options.name);
      // IDs go into the path as-is (wire README, URL scheme).
      return request<WebAuthnUpdateResult>(
        'PUT',
        `/webauthn/update/${options.webauthnRegistrationId}`,
        { name: options.name },
        'Failed to update WebAuthn Registration',
      );
    },
    browserSupportsAutofill: supportsAutofill,
  };
}
