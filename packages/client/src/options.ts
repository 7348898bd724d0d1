/** @module options — ClientOptions, the injectable edges, and their defaults. */

import { LatchkeyArgumentError } from './errors.js';
import { defaultCookies, defaultStorage, systemClock } from './internal/browser-defaults.js';

/** Time and timers; inject one to drive refreshes and batching from tests. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The subset of `Storage` the client uses (localStorage by default). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** `document.cookie` as an object: `get` returns the `a=1; b=2` string, `set` takes one Set-Cookie-like string. */
export interface CookieJar {
  get(): string;
  set(cookie: string): void;
}

/** `crypto.getRandomValues`: fills the array in place. */
export type RandomValues = (array: Uint8Array<ArrayBuffer> | Uint32Array<ArrayBuffer>) => unknown;

/** The parts of `window.location` the client reads. */
export interface LocationLike {
  origin: string;
  hostname: string;
}

/** Where `storage` events arrive (the window by default). */
export interface EventTargetLike {
  addEventListener(type: 'storage', listener: (event: StorageEvent) => void): void;
  removeEventListener(type: 'storage', listener: (event: StorageEvent) => void): void;
}

/** Where warnings and errors go (the console by default). */
export interface Logger {
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
}

/** The part of reCAPTCHA Enterprise's `grecaptcha.enterprise` the client calls. */
export interface RecaptchaEnterprise {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/** Loads the reCAPTCHA Enterprise script from `url` (once per page) and resolves `grecaptcha.enterprise`. */
export type RecaptchaLoader = (url: string) => Promise<RecaptchaEnterprise>;

/** Cookie names and scope (wire `client-state.md`, cookies). */
export interface CookieOptions {
  opaqueTokenCookieName?: string;
  jwtCookieName?: string;
  istCookieName?: string;
  path?: string;
  domain?: string;
  availableToSubdomains?: boolean;
}

/** Options of `createLatchkeyClient`. Only `publicToken` is required. */
export interface ClientOptions {
  publicToken: string;
  /** Provider origin, e.g. `http://localhost:4000`; `/sdk/v1` is appended. Wins over `endpoints`. */
  baseUrl?: string;
  /**
   * Per-environment bases, chosen by whether the token contains `public-token-test`, and the
   * addresses of the One Tap frame and of Google's sign-in script.
   */
  endpoints?: {
    testAPIURL?: string;
    liveAPIURL?: string;
    /** Default `{base}/v1/public/clientside-services` (spec §7, the cross-origin frame). */
    clientsideServicesIframeURL?: string;
    /** Default `https://accounts.google.com/gsi/client`. */
    googleSignInScriptURL?: string;
    /** Default `https://www.google.com/recaptcha/enterprise.js`; `?render={siteKey}` is added. */
    recaptchaScriptURL?: string;
  };
  cookieOptions?: CookieOptions;
  /** Per-request timeout; default 30 000 ms. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  clock?: Clock;
  storage?: StorageLike;
  cookies?: CookieJar;
  random?: RandomValues;
  subtle?: SubtleCrypto;
  location?: LocationLike;
  eventTarget?: EventTargetLike;
  logger?: Logger;
  /** Leaves the page for `url` (OAuth starts); default `window.location.assign`. */
  navigate?: (url: string) => void;
  /** Loads reCAPTCHA when the project turns captcha on; default a `<script>` tag. */
  loadRecaptcha?: RecaptchaLoader;
}

/** ClientOptions with every default filled in. */
export interface ResolvedOptions {
  publicToken: string;
  /** `{base}/sdk/v1`, without a trailing slash. */
  apiBase: string;
  /** `{base}` itself, where the provider's non-SDK routes live (`/v1/public/…`). */
  providerBase: string;
  clientsideServicesIframeURL: string;
  googleSignInScriptURL: string;
  /** Without the `render` parameter. */
  recaptchaScriptURL: string;
  cookieOptions: Required<Omit<CookieOptions, 'domain'>> & { domain: string | undefined };
  timeoutMs: number;
  fetch: typeof fetch;
  clock: Clock;
  storage: StorageLike;
  cookies: CookieJar;
  random: RandomValues;
  /** Missing outside secure contexts; PKCE then fails with a clear error. */
  subtle: SubtleCrypto | undefined;
  location: LocationLike;
  eventTarget: EventTargetLike | undefined;
  logger: Logger;
  navigate: (url: string) => void;
  /** Undefined: the `<script>` loader, which lives with the captcha code (`internal/captcha-token.ts`). */
  loadRecaptcha: RecaptchaLoader | undefined;
}

/** The dev provider of `docs/contracts.md`; there is no hosted default. */
export const DEFAULT_TEST_API_URL = 'http://localhost:4000';
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Google Identity Services, which renders the One Tap prompt. */
export const DEFAULT_GOOGLE_SIGN_IN_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
/** reCAPTCHA Enterprise, which scores the captcha'd calls (`docs/contracts.md`, captcha). */
export const DEFAULT_RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/enterprise.js';

function chooseApiUrl(options: ClientOptions): string {
  if (options.baseUrl !== undefined) return options.baseUrl;
  if (options.publicToken.includes('public-token-test')) {
    return options.endpoints?.testAPIURL ?? DEFAULT_TEST_API_URL;
  }
  const live = options.endpoints?.liveAPIURL;
  if (live === undefined) throw new LatchkeyArgumentError('baseUrl', 'is required for a live public token');
  return live;
}

function resolveCookieOptions(options: CookieOptions = {}): ResolvedOptions['cookieOptions'] {
  for (const key of ['opaqueTokenCookieName', 'jwtCookieName', 'istCookieName', 'path', 'domain'] as const) {
    if (options[key] !== undefined && typeof options[key] !== 'string') {
      throw new LatchkeyArgumentError(`cookieOptions.${key}`, 'must be a string');
    }
  }
  return {
    opaqueTokenCookieName: options.opaqueTokenCookieName ?? 'stytch_session',
    jwtCookieName: options.jwtCookieName ?? 'stytch_session_jwt',
    istCookieName: options.istCookieName ?? 'stytch_intermediate_session_token',
    path: options.path ?? '/',
    domain: options.domain,
    availableToSubdomains: options.availableToSubdomains === true,
  };
}

/** Validates the options and fills in every default. */
export function resolveOptions(options: ClientOptions): ResolvedOptions {
  if (typeof options !== 'object' || options === null) {
    throw new LatchkeyArgumentError('options', 'must be an object');
  }
  if (typeof options.publicToken !== 'string' || options.publicToken === '') {
    throw new LatchkeyArgumentError('publicToken', 'must be a non-empty string');
  }
  const apiUrl = chooseApiUrl(options);
  if (typeof apiUrl !== 'string') throw new LatchkeyArgumentError('baseUrl', 'must be a string');
  for (const key of ['clientsideServicesIframeURL', 'googleSignInScriptURL', 'recaptchaScriptURL'] as const) {
    if (options.endpoints?.[key] !== undefined && typeof options.endpoints[key] !== 'string') {
      throw new LatchkeyArgumentError(`endpoints.${key}`, 'must be a string');
    }
  }
  for (const key of ['navigate', 'loadRecaptcha'] as const) {
    if (options[key] !== undefined && typeof options[key] !== 'function') {
      throw new LatchkeyArgumentError(key, 'must be a function');
    }
  }
  const location = options.location ?? globalThis.location ?? { origin: '', hostname: '' };
  const providerBase = apiUrl.replace(/\/+$/, '');
  return {
    publicToken: options.publicToken,
    apiBase: `${providerBase}/sdk/v1`,
    providerBase,
    clientsideServicesIframeURL:
      options.endpoints?.clientsideServicesIframeURL ?? `${providerBase}/v1/public/clientside-services`,
    googleSignInScriptURL: options.endpoints?.googleSignInScriptURL ?? DEFAULT_GOOGLE_SIGN_IN_SCRIPT_URL,
    recaptchaScriptURL: options.endpoints?.recaptchaScriptURL ?? DEFAULT_RECAPTCHA_SCRIPT_URL,
    cookieOptions: resolveCookieOptions(options.cookieOptions),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    clock: options.clock ?? systemClock,
    storage: options.storage ?? defaultStorage(),
    cookies: options.cookies ?? defaultCookies(),
    random: options.random ?? ((array) => globalThis.crypto.getRandomValues(array)),
    subtle: options.subtle ?? globalThis.crypto?.subtle,
    location,
    eventTarget: options.eventTarget ?? (typeof window === 'undefined' ? undefined : window),
    logger: options.logger ?? console,
    navigate: options.navigate ?? ((url) => globalThis.location.assign(url)),
    loadRecaptcha: options.loadRecaptcha,
  };
}
