import { afterEach, beforeEach, describe, expect, type Mock, vi } from 'vitest';
import { LatchkeyArgumentError, LatchkeyError, LatchkeyWebAuthnError } from '../errors.js';
import { it } from '../testing/client-test.js';
import { expectApiError } from '../testing/expect-api-error.js';
import { apiError, bareApiError, createTestClient, deferred, type FakeAnswer, ok } from '../testing/fakes.js';
import { authResponse, makeSession, makeUser } from '../testing/wire-objects.js';
import type { User, WebAuthnRegistration } from '../wire-types.js';

// ---------------------------------------------------------------------------------------------
// A fake browser: PublicKeyCredential (feature detection) and navigator.credentials.create/get
// answering with PublicKeyCredential-like objects, honouring the ceremony's AbortSignal.

const bytes = (...values: number[]): ArrayBuffer => new Uint8Array(values).buffer;
const utf8 = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer as ArrayBuffer;
/** Unpadded base64url, computed independently of the code under test. */
const b64url = (buffer: ArrayBuffer | string): string =>
  Buffer.from(typeof buffer === 'string' ? utf8(buffer) : buffer).toString('base64url');
const toBytes = (buffer: unknown): number[] => [...new Uint8Array(buffer as ArrayBuffer)];

const CHALLENGE = bytes(...Array.from({ length: 32 }, (_, i) => i * 7));
const RAW_ID = bytes(0xde, 0xad, 0xbe, 0xef, 0x01);
const CLIENT_DATA = utf8('{"type":"webauthn.create","challenge":"x","origin":"http://localhost:4100"}');
const ATTESTATION = bytes(0xa3, 0x63, 0x66, 0x6d, 0x74, 0x64, 0x6e, 0x6f, 0x6e, 0x65);
const AUTH_DATA = bytes(0x49, 0x96, 0x0d, 0xe5, 0x88, 0x0e, 0x8c, 0x68, 0x74, 0x34, 0x01);
const SIGNATURE = bytes(0x30, 0x45, 0x02, 0x21, 0x00, 0xff);
const USER_HANDLE = utf8('user-test-1');

function registrationCredential() {
  return {
    id: b64url(RAW_ID),
    rawId: RAW_ID,
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: CLIENT_DATA,
      attestationObject: ATTESTATION,
      getTransports: () => ['internal', 'hybrid'],
      getPublicKeyAlgorithm: () => -7,
    },
    getClientExtensionResults: () => ({ credProps: { rk: true } }),
  };
}

function assertionCredential(userHandle: ArrayBuffer | null = USER_HANDLE) {
  return {
    id: b64url(RAW_ID),
    rawId: RAW_ID,
    type: 'public-key',
    authenticatorAttachment: 'cross-platform',
    response: {
      clientDataJSON: utf8('{"type":"webauthn.get"}'),
      authenticatorData: AUTH_DATA,
      signature: SIGNATURE,
      userHandle,
    },
    getClientExtensionResults: () => ({}),
  };
}

type Behaviour = object | Error | 'hang';
type CredentialCall = { publicKey: Record<string, unknown>; signal: AbortSignal; mediation?: string };

/** A create/get that resolves `behaviour`, rejects with it, or hangs until its signal aborts. */
function credentialCall(initial: () => Behaviour) {
  let next: Behaviour[] = [];
  const fn = vi.fn(
    (options: CredentialCall) =>
      new Promise((resolve, reject) => {
        options.signal.addEventListener('abort', () => reject(options.signal.reason));
        const behaviour = next.shift() ?? initial();
        if (behaviour === 'hang') return;
        if (behaviour instanceof Error || behaviour instanceof DOMException) reject(behaviour);
        else resolve(behaviour);
      }),
  );
  return Object.assign(fn, {
    answerNext(...behaviours: Behaviour[]) {
      next = behaviours;
    },
  });
}

let create: ReturnType<typeof credentialCall>;
let get: ReturnType<typeof credentialCall>;
let autofillAvailable: Mock<() => Promise<boolean>>;

function installBrowser() {
  autofillAvailable = vi.fn(async () => true);
  // A constructor, as feature detection expects, with the static conditional-mediation probe.
  const FakePublicKeyCredential = Object.assign(function PublicKeyCredential() {}, {
    isConditionalMediationAvailable: autofillAvailable,
  });
  vi.stubGlobal('PublicKeyCredential', FakePublicKeyCredential);
  create = credentialCall(registrationCredential);
  get = credentialCall(() => assertionCredential());
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { create, get } });
}

function removeWebAuthn() {
  vi.unstubAllGlobals();
  delete (navigator as { credentials?: unknown }).credentials;
}

const callOf = (mock: Mock, index = 0) => mock.mock.calls[index]![0] as CredentialCall;

// ---------------------------------------------------------------------------------------------
// Provider answers.

const CREATION_OPTIONS = {
  challenge: b64url(CHALLENGE),
  rp: { name: 'Latchkey dev', id: 'localhost' },
  user: { id: b64url('user-test-1'), name: 'ada@example.com', displayName: 'Ada Lovelace' },
  pubKeyCredParams: [
    { alg: -8, type: 'public-key' },
    { alg: -7, type: 'public-key' },
    { alg: -257, type: 'public-key' },
  ],
  timeout: 300000,
  attestation: 'none',
  excludeCredentials: [{ id: b64url(bytes(1, 2, 3, 4)), type: 'public-key', transports: ['internal'] }],
  authenticatorSelection: { residentKey: 'required', userVerification: 'required', requireResidentKey: true },
  extensions: { credProps: true, appid: 'https://localhost', prf: { eval: {} }, largeBlob: {} },
  hints: ['client-device'],
  attestationFormats: ['packed'],
};

const REQUEST_OPTIONS = {
  challenge: b64url(CHALLENGE),
  timeout: 300000,
  rpId: 'localhost',
  userVerification: 'required',
  allowCredentials: [{ id: b64url(RAW_ID), type: 'public-key', transports: ['internal'] }],
  extensions: { appidExclude: 'https://localhost', uvm: true },
  hints: ['security-key'],
};

const REGISTRATION: WebAuthnRegistration = {
  webauthn_registration_id: 'webauthn-registration-test-1',
  domain: 'localhost',
  user_agent: 'test',
  authenticator_type: 'platform',
  verified: true,
  name: 'iCloud Keychain',
  created_at: '2030-01-01T00:00:00Z',
  last_authenticated_at: null,
};

const creationStart = (options: object = CREATION_OPTIONS) =>
  ok({
    request_id: 'r',
    status_code: 200,
    user_id: 'user-test-1',
    public_key_credential_creation_options: JSON.stringify(options),
  });
const requestStart = (options: object = REQUEST_OPTIONS) =>
  ok({ request_id: 'r', status_code: 200, public_key_credential_request_options: JSON.stringify(options) });

/** A sign-in answer whose `user` and `__user` differ, so tests see which one is stored. */
function signInAnswer(internalUser: User = makeUser({ webauthn_registrations: [REGISTRATION] })): FakeAnswer {
  return ok({
    ...authResponse(
      makeSession({ session_id: 'session-test-webauthn' }),
      makeUser({ user_id: 'user-from-user' }),
    ),
    __user: internalUser,
    webauthn_registration_id: REGISTRATION.webauthn_registration_id,
  });
}

/** A client with every WebAuthn route answering; signed in when asked (startup refresh kept pending). */
function webauthnClient(signedIn = false, extra: Parameters<typeof createTestClient>[0] = {}) {
  return createTestClient({
    ...extra,
    signedIn,
    prepare(setup) {
      setup.fetch.on('POST /webauthn/register/start', creationStart());
      setup.fetch.on('POST /webauthn/register', signInAnswer());
      setup.fetch.on('POST /webauthn/authenticate/start/primary', requestStart());
      setup.fetch.on('POST /webauthn/authenticate/start/secondary', requestStart());
      setup.fetch.on('POST /webauthn/authenticate', signInAnswer());
    },
  });
}

/**
 * The credential `path` was finished with, parsed, after checking that call: the provider's URL, a
 * body of only the credential and the session length `minutes`, and base64url with no padding.
 */
function finishedCredential(
  fetch: ReturnType<typeof createTestClient>['fetch'],
  path: string,
  minutes: number,
): unknown {
  const [finish] = fetch.calls(`POST ${path}`);
  expect(finish!.url).toBe(`http://provider.test/sdk/v1${path}`);
  const body = finish!.json as { public_key_credential: string; session_duration_minutes: number };
  expect(Object.keys(body)).toEqual(['public_key_credential', 'session_duration_minutes']);
  expect(body.session_duration_minutes).toBe(minutes);
  expect(body.public_key_credential).not.toContain('=');
  return JSON.parse(body.public_key_credential);
}

const webauthnCalls = (fetch: ReturnType<typeof createTestClient>['fetch']) =>
  fetch.requests.filter((r) => r.url.includes('/webauthn/'));

beforeEach(() => {
  installBrowser();
});

afterEach(() => {
  removeWebAuthn();
  document.body.innerHTML = '';
});

// ---------------------------------------------------------------------------------------------

describe('webauthn.register', () => {
  it('posts start and register in wire order, signs in from __user and strips it', async () => {
    const { client, fetch, cookies } = webauthnClient(true);
    const result = await client.webauthn.register({
      sessionDurationMinutes: 60,
      isPasskey: true,
      authenticatorType: 'platform',
      domain: 'localhost',
    });

    const [start] = fetch.calls('POST /webauthn/register/start');
    expect(start!.url).toBe('http://provider.test/sdk/v1/webauthn/register/start');
    expect(start!.body).toBe(
      JSON.stringify({
        domain: 'localhost',
        authenticator_type: 'platform',
        return_passkey_credential_options: true,
        user_agent: navigator.userAgent,
      }),
    );
    expect(navigator.userAgent).not.toBe('');

    expect(finishedCredential(fetch, '/webauthn/register', 60)).toEqual({
      id: b64url(RAW_ID),
      rawId: b64url(RAW_ID),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(CLIENT_DATA),
        attestationObject: b64url(ATTESTATION),
        transports: ['internal', 'hybrid'],
        publicKeyAlgorithm: -7,
      },
      clientExtensionResults: { credProps: { rk: true } },
    });

    expect(result.webauthn_registration_id).toBe('webauthn-registration-test-1');
    expect(result).not.toHaveProperty('__user');
    expect(result.user.user_id).toBe('user-from-user');
    expect(client.user.getSync()).toEqual(makeUser({ webauthn_registrations: [REGISTRATION] }));
    expect(client.session.getSync()?.session_id).toBe('session-test-webauthn');
    expect(cookies.get()).toContain('stytch_session=session-token-1');
  });

  it('defaults the domain to the page host name and omits what was not given', async () => {
    const { client, fetch } = webauthnClient(true, {
      location: { origin: 'https://app.example.com', hostname: 'app.example.com' },
    });
    await client.webauthn.register();
    expect(fetch.calls('POST /webauthn/register/start')[0]!.json).toEqual({
      domain: 'app.example.com',
      user_agent: navigator.userAgent,
    });
    expect(Object.keys(fetch.calls('POST /webauthn/register')[0]!.json as object)).toEqual([
      'public_key_credential',
    ]);
  });

  it('hands the browser only the wire-listed keys, with bytes from (unpadded) base64url', async () => {
    const { client } = webauthnClient(true);
    await client.webauthn.register();
    expect(create).toHaveBeenCalledTimes(1);
    const { publicKey, signal } = callOf(create);
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(Object.keys(publicKey).sort()).toEqual(
      [
        'rp',
        'user',
        'challenge',
        'pubKeyCredParams',
        'timeout',
        'excludeCredentials',
        'authenticatorSelection',
        'attestation',
        'extensions',
      ].sort(),
    );
    expect(CREATION_OPTIONS.challenge.length % 4).not.toBe(0);
    expect(toBytes(publicKey.challenge)).toEqual(toBytes(CHALLENGE));
    const user = publicKey.user as { id: ArrayBuffer; name: string; displayName: string };
    expect(toBytes(user.id)).toEqual(toBytes(utf8('user-test-1')));
    expect(user).toMatchObject({ name: 'ada@example.com', displayName: 'Ada Lovelace' });
    expect(publicKey.rp).toEqual({ name: 'Latchkey dev', id: 'localhost' });
    expect(publicKey.pubKeyCredParams).toEqual(CREATION_OPTIONS.pubKeyCredParams);
    expect(publicKey.authenticatorSelection).toEqual(CREATION_OPTIONS.authenticatorSelection);
    expect(publicKey.extensions).toEqual({ credProps: true, appid: 'https://localhost' });
    const [excluded] = publicKey.excludeCredentials as {
      id: ArrayBuffer;
      type: string;
      transports: string[];
    }[];
    expect(toBytes(excluded!.id)).toEqual([1, 2, 3, 4]);
    expect(excluded).toMatchObject({ type: 'public-key', transports: ['internal'] });
  });

  it('accepts padded base64url too and leaves out an extensions object with nothing kept', async () => {
    const { client, fetch } = webauthnClient(true);
    fetch.on(
      'POST /webauthn/register/start',
      creationStart({
        ...CREATION_OPTIONS,
        challenge: Buffer.from(CHALLENGE).toString('base64').replace(/\+/g, '-').replace(/\//g, '_'),
        extensions: { prf: {} },
      }),
    );
    await client.webauthn.register();
    const { publicKey } = callOf(create);
    expect(toBytes(publicKey.challenge)).toEqual(toBytes(CHALLENGE));
    expect(publicKey).not.toHaveProperty('extensions');
  });

  it.each([
    ['challenge', (o: Record<string, unknown>) => delete o.challenge, '"challenge"'],
    ['rp', (o: Record<string, unknown>) => delete o.rp, '"rp"'],
    ['user', (o: Record<string, unknown>) => delete o.user, '"user"'],
    [
      'user.displayName',
      (o: Record<string, unknown>) => delete (o.user as Record<string, unknown>).displayName,
      '"user.displayName"',
    ],
    ['pubKeyCredParams', (o: Record<string, unknown>) => delete o.pubKeyCredParams, '"pubKeyCredParams"'],
  ])('throws before the browser is called when %s is missing', async (_key, strip, named) => {
    const { client, fetch } = webauthnClient(true);
    const options = structuredClone(CREATION_OPTIONS) as Record<string, unknown>;
    strip(options);
    fetch.on('POST /webauthn/register/start', creationStart(options));
    const error = await client.webauthn.register().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LatchkeyWebAuthnError);
    expect(error).toMatchObject({ code: 'webauthn_ceremony_failed' });
    expect((error as Error).message).toContain(named);
    expect(create).not.toHaveBeenCalled();
    expect(fetch.calls('POST /webauthn/register')).toHaveLength(0);
  });

  it('throws before the browser is called when the options string is not JSON or absent', async () => {
    const { client, fetch } = webauthnClient(true);
    fetch.on('POST /webauthn/register/start', ok({ public_key_credential_creation_options: '{nope' }));
    await expect(client.webauthn.register()).rejects.toMatchObject({
      code: 'webauthn_ceremony_failed',
      message: expect.stringContaining('not JSON'),
    });
    fetch.on('POST /webauthn/register/start', ok({ user_id: 'user-test-1' }));
    await expect(client.webauthn.register()).rejects.toMatchObject({
      code: 'webauthn_ceremony_failed',
      message: expect.stringContaining('public_key_credential_creation_options is missing'),
    });
    expect(create).not.toHaveBeenCalled();
  });

  it('uses the spec default texts when the provider error has no message, and keeps its own', async () => {
    const { client, fetch } = webauthnClient(true);
    fetch.on('POST /webauthn/register/start', bareApiError(400, 'invalid_request'));
    await expectApiError(client.webauthn.register(), {
      code: 'invalid_request',
      status: 400,
      message: 'Failed to start WebAuthn registration',
    });
    expect(create).not.toHaveBeenCalled();

    fetch.on('POST /webauthn/register/start', creationStart());
    fetch.on('POST /webauthn/register', bareApiError(401, 'webauthn_verification_failed'));
    await expect(client.webauthn.register()).rejects.toMatchObject({
      code: 'webauthn_verification_failed',
      message: 'Failed to register WebAuthn device',
    });

    fetch.on('POST /webauthn/register', apiError(400, 'invalid_webauthn_response', 'Malformed CBOR.'));
    await expect(client.webauthn.register()).rejects.toMatchObject({
      code: 'invalid_webauthn_response',
      message: 'Malformed CBOR.',
    });
    expect(client.user.getSync()).toEqual(makeUser());
  });
});

describe('webauthn.authenticate', () => {
  it('signed out: /start/primary, then /authenticate; a new session and the user from __user', async () => {
    const { client, fetch } = webauthnClient();
    expect(client.session.getSync()).toBeNull();
    const result = await client.webauthn.authenticate({ sessionDurationMinutes: 30, isPasskey: true });

    const [start] = fetch.calls('POST /webauthn/authenticate/start/primary');
    expect(start!.body).toBe('{"domain":"localhost","return_passkey_credential_options":true}');
    expect(fetch.calls('POST /webauthn/authenticate/start/secondary')).toHaveLength(0);

    expect(finishedCredential(fetch, '/webauthn/authenticate', 30)).toEqual({
      id: b64url(RAW_ID),
      rawId: b64url(RAW_ID),
      type: 'public-key',
      authenticatorAttachment: 'cross-platform',
      response: {
        clientDataJSON: b64url(utf8('{"type":"webauthn.get"}')),
        authenticatorData: b64url(AUTH_DATA),
        signature: b64url(SIGNATURE),
        userHandle: b64url(USER_HANDLE),
      },
      clientExtensionResults: {},
    });

    expect(result).not.toBeNull();
    expect(result).not.toHaveProperty('__user');
    expect(result!.webauthn_registration_id).toBe('webauthn-registration-test-1');
    expect(client.session.getSync()?.session_id).toBe('session-test-webauthn');
    expect(client.user.getSync()).toEqual(makeUser({ webauthn_registrations: [REGISTRATION] }));
  });

  it('signed in: /start/secondary with the default domain; no domain flag when not given', async () => {
    const { client, fetch } = webauthnClient(true);
    await client.webauthn.authenticate({ sessionDurationMinutes: 5 });
    expect(fetch.calls('POST /webauthn/authenticate/start/primary')).toHaveLength(0);
    expect(fetch.calls('POST /webauthn/authenticate/start/secondary')[0]!.json).toEqual({
      domain: 'localhost',
    });
    expect(fetch.calls('POST /webauthn/authenticate')).toHaveLength(1);
    expect(client.session.getSync()?.session_id).toBe('session-test-webauthn');
  });

  it('omits userHandle when the authenticator returns none', async () => {
    const { client, fetch } = webauthnClient();
    get.answerNext(assertionCredential(null));
    await client.webauthn.authenticate({ sessionDurationMinutes: 5, domain: 'localhost' });
    const body = fetch.calls('POST /webauthn/authenticate')[0]!.json as { public_key_credential: string };
    expect(JSON.parse(body.public_key_credential).response).not.toHaveProperty('userHandle');
  });

  it('filters the request options: hints dropped, only appid/appidExclude/credProps extensions', async () => {
    const { client } = webauthnClient();
    await client.webauthn.authenticate({ sessionDurationMinutes: 5 });
    const { publicKey, mediation } = callOf(get);
    expect(mediation).toBeUndefined();
    expect(Object.keys(publicKey).sort()).toEqual(
      ['challenge', 'timeout', 'rpId', 'userVerification', 'allowCredentials', 'extensions'].sort(),
    );
    expect(toBytes(publicKey.challenge)).toEqual(toBytes(CHALLENGE));
    expect(publicKey).toMatchObject({ timeout: 300000, rpId: 'localhost', userVerification: 'required' });
    expect(publicKey.extensions).toEqual({ appidExclude: 'https://localhost' });
    const [allowed] = publicKey.allowCredentials as { id: ArrayBuffer }[];
    expect(toBytes(allowed!.id)).toEqual(toBytes(RAW_ID));
  });

  it('throws before the browser is called when the request options lack a challenge', async () => {
    const { client, fetch } = webauthnClient();
    const { challenge: _dropped, ...withoutChallenge } = REQUEST_OPTIONS;
    fetch.on('POST /webauthn/authenticate/start/primary', requestStart(withoutChallenge));
    await expect(client.webauthn.authenticate({ sessionDurationMinutes: 5 })).rejects.toMatchObject({
      code: 'webauthn_ceremony_failed',
      message: 'Invalid WebAuthn options from the provider: missing required key "challenge"',
    });
    expect(get).not.toHaveBeenCalled();
    expect(fetch.calls('POST /webauthn/authenticate')).toHaveLength(0);
  });

  it('uses the spec default texts when the provider error has no message', async () => {
    const { client, fetch } = webauthnClient();
    fetch.on('POST /webauthn/authenticate/start/primary', bareApiError(400, 'invalid_request'));
    await expect(client.webauthn.authenticate({ sessionDurationMinutes: 5 })).rejects.toMatchObject({
      code: 'invalid_request',
      message: 'Failed to start WebAuthn authentication',
    });
    fetch.on('POST /webauthn/authenticate/start/primary', requestStart());
    fetch.on('POST /webauthn/authenticate', bareApiError(404, 'webauthn_registration_not_found'));
    await expectApiError(client.webauthn.authenticate({ sessionDurationMinutes: 5 }), {
      code: 'webauthn_registration_not_found',
      status: 404,
      message: 'Failed to authenticate WebAuthn device',
    });
    expect(client.session.getSync()).toBeNull();
  });
});

describe('webauthn.authenticate with conditional mediation', () => {
  it('without an input whose autocomplete has webauthn: logs the spec text, resolves null, no request', async () => {
    const { client, fetch, logger } = webauthnClient();
    document.body.innerHTML =
      '<input autocomplete="username"><input name="webauthn"><textarea autocomplete="webauthn"></textarea>';
    await expect(
      client.webauthn.authenticate({ sessionDurationMinutes: 5, conditionalMediation: true }),
    ).resolves.toBeNull();
    expect(logger.warn).toHaveBeenCalledWith('Browser does not support WebAuthn autofill');
    expect(webauthnCalls(fetch)).toHaveLength(0);
    expect(get).not.toHaveBeenCalled();
  });

  it('without browser support (or without WebAuthn at all): the same log line and null', async () => {
    const { client, fetch, logger } = webauthnClient();
    document.body.innerHTML = '<input autocomplete="username webauthn">';
    autofillAvailable.mockResolvedValue(false);
    await expect(
      client.webauthn.authenticate({ sessionDurationMinutes: 5, conditionalMediation: true }),
    ).resolves.toBeNull();
    removeWebAuthn();
    await expect(
      client.webauthn.authenticate({ sessionDurationMinutes: 5, conditionalMediation: true }),
    ).resolves.toBeNull();
    expect(logger.warn.mock.calls).toEqual([
      ['Browser does not support WebAuthn autofill'],
      ['Browser does not support WebAuthn autofill'],
    ]);
    expect(webauthnCalls(fetch)).toHaveLength(0);
  });

  it('with such an input: get with mediation "conditional" and an empty allow list, then signs in', async () => {
    const { client, fetch, logger } = webauthnClient();
    // The token may stand anywhere in the attribute, in any case.
    document.body.innerHTML = '<form><input type="text" autocomplete="WebAuthn username"></form>';
    const result = await client.webauthn.authenticate({
      sessionDurationMinutes: 5,
      conditionalMediation: true,
    });
    expect(get).toHaveBeenCalledTimes(1);
    const { mediation, publicKey } = callOf(get);
    expect(mediation).toBe('conditional');
    expect(publicKey.allowCredentials).toEqual([]);
    expect(fetch.calls('POST /webauthn/authenticate/start/primary')).toHaveLength(1);
    expect(result?.webauthn_registration_id).toBe('webauthn-registration-test-1');
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('a new ceremony cancels a pending autofill request, which rejects with webauthn_aborted', async () => {
    const { client, fetch } = webauthnClient();
    document.body.innerHTML = '<input autocomplete="username webauthn">';
    get.answerNext('hang', assertionCredential());
    const autofill = client.webauthn.authenticate({ sessionDurationMinutes: 5, conditionalMediation: true });
    const settled = autofill.catch((e: unknown) => e);
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(1));

    const modal = await client.webauthn.authenticate({ sessionDurationMinutes: 5 });
    const error = await settled;
    expect(error).toBeInstanceOf(LatchkeyWebAuthnError);
    expect(error).toMatchObject({ code: 'webauthn_aborted' });
    // The browser's autofill request was aborted too.
    expect(callOf(get, 0).signal.aborted).toBe(true);
    expect(callOf(get, 1).mediation).toBeUndefined();
    expect(modal?.webauthn_registration_id).toBe('webauthn-registration-test-1');
    expect(fetch.calls('POST /webauthn/authenticate')).toHaveLength(1);
  });

  it('registering also cancels a pending autofill request', async () => {
    const { client } = webauthnClient(true);
    document.body.innerHTML = '<input autocomplete="webauthn">';
    get.answerNext('hang');
    const autofill = client.webauthn
      .authenticate({ sessionDurationMinutes: 5, conditionalMediation: true })
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    await expect(client.webauthn.register()).resolves.toMatchObject({
      webauthn_registration_id: 'webauthn-registration-test-1',
    });
    await expect(autofill).resolves.toMatchObject({ code: 'webauthn_aborted' });
    expect(callOf(get).signal.aborted).toBe(true);
    expect(callOf(create).signal.aborted).toBe(false);
  });

  it('an autofill request that cannot run leaves a pending ceremony alone', async () => {
    const { client } = webauthnClient();
    get.answerNext('hang');
    const modal = client.webauthn.authenticate({ sessionDurationMinutes: 5 }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    // No input with webauthn in the page.
    await expect(
      client.webauthn.authenticate({ sessionDurationMinutes: 5, conditionalMediation: true }),
    ).resolves.toBeNull();
    expect(callOf(get).signal.aborted).toBe(false);
    const controller = new AbortController();
    const next = client.webauthn.authenticate({ sessionDurationMinutes: 5, signal: controller.signal });
    await expect(modal).resolves.toMatchObject({ code: 'webauthn_aborted' });
    await expect(next).resolves.not.toBeNull();
  });

  it('a ceremony replaced while its start request is in flight never reaches the browser', async () => {
    const { client, fetch } = webauthnClient();
    const first = deferred<FakeAnswer>();
    fetch.on('POST /webauthn/authenticate/start/primary', () => first.promise);
    const replaced = client.webauthn.authenticate({ sessionDurationMinutes: 5 }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(fetch.calls('POST /webauthn/authenticate/start/primary')).toHaveLength(1));

    fetch.on('POST /webauthn/authenticate/start/primary', requestStart());
    const winner = await client.webauthn.authenticate({ sessionDurationMinutes: 5 });
    await expect(replaced).resolves.toMatchObject({ code: 'webauthn_aborted' });
    first.resolve(requestStart());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(get).toHaveBeenCalledTimes(1);
    expect(callOf(get).signal.aborted).toBe(false);
    expect(winner).not.toBeNull();
  });
});

describe('webauthn.authenticate signal', () => {
  it('aborting during the browser prompt cancels the ceremony and rejects with webauthn_aborted', async () => {
    const { client, fetch } = webauthnClient();
    get.answerNext('hang');
    const controller = new AbortController();
    const pending = client.webauthn
      .authenticate({ sessionDurationMinutes: 5, signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    controller.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(LatchkeyWebAuthnError);
    expect(error).toMatchObject({ code: 'webauthn_aborted' });
    expect(callOf(get).signal.aborted).toBe(true);
    expect(fetch.calls('POST /webauthn/authenticate')).toHaveLength(0);
  });

  it('an already aborted signal rejects before any request; one aborted during start never prompts', async () => {
    const { client, fetch } = webauthnClient();
    const done = new AbortController();
    done.abort(new Error('gone'));
    await expect(
      client.webauthn.authenticate({ sessionDurationMinutes: 5, signal: done.signal }),
    ).rejects.toMatchObject({ code: 'webauthn_aborted' });
    expect(webauthnCalls(fetch)).toHaveLength(0);

    const start = deferred<FakeAnswer>();
    fetch.on('POST /webauthn/authenticate/start/primary', () => start.promise);
    const controller = new AbortController();
    const pending = client.webauthn
      .authenticate({ sessionDurationMinutes: 5, signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(webauthnCalls(fetch)).toHaveLength(1));
    controller.abort();
    await expect(pending).resolves.toMatchObject({ code: 'webauthn_aborted' });
    start.resolve(requestStart());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(get).not.toHaveBeenCalled();
  });

  it('a signal aborted after the ceremony ended changes nothing', async () => {
    const { client } = webauthnClient();
    const controller = new AbortController();
    const result = await client.webauthn.authenticate({
      sessionDurationMinutes: 5,
      signal: controller.signal,
    });
    controller.abort();
    expect(result).not.toBeNull();
    // The next ceremony is unaffected.
    await expect(client.webauthn.authenticate({ sessionDurationMinutes: 5 })).resolves.not.toBeNull();
  });
});

describe('browser error mapping', () => {
  const dom = (name: string, message = `${name}: the browser says no`) => new DOMException(message, name);

  it.each([
    ['InvalidStateError', 'webauthn_credential_excluded'],
    ['NotAllowedError', 'webauthn_not_allowed'],
    ['AbortError', 'webauthn_aborted'],
    ['SecurityError', 'webauthn_unsupported'],
    ['NotSupportedError', 'webauthn_ceremony_failed'],
    ['ConstraintError', 'webauthn_ceremony_failed'],
    ['UnknownError', 'webauthn_ceremony_failed'],
    ['TypeError', 'webauthn_ceremony_failed'],
  ])('create rejecting with %s → %s, keeping the browser message and cause', async (name, code) => {
    const { client, fetch } = webauthnClient(true);
    const cause = dom(name);
    create.answerNext(cause);
    const error = await client.webauthn.register().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LatchkeyWebAuthnError);
    expect(error).toBeInstanceOf(LatchkeyError);
    expect(error).toMatchObject({
      code,
      message: `${name}: the browser says no`,
      name: 'LatchkeyWebAuthnError',
    });
    expect((error as Error).cause).toBe(cause);
    expect(fetch.calls('POST /webauthn/register')).toHaveLength(0);
  });

  it('keeps the exact text of an excluded-credential refusal (the widget matches on it)', async () => {
    const { client } = webauthnClient(true);
    const text =
      'The user attempted to register an authenticator that contains one of the credentials already registered with the relying party.';
    create.answerNext(dom('InvalidStateError', text));
    await expect(client.webauthn.register()).rejects.toMatchObject({
      code: 'webauthn_credential_excluded',
      message: text,
    });
  });

  it.each([
    ['NotAllowedError', 'webauthn_not_allowed'],
    ['AbortError', 'webauthn_aborted'],
    ['SecurityError', 'webauthn_unsupported'],
    ['InvalidStateError', 'webauthn_ceremony_failed'],
    ['UnknownError', 'webauthn_ceremony_failed'],
  ])('get rejecting with %s → %s', async (name, code) => {
    const { client } = webauthnClient();
    const cause = dom(name);
    get.answerNext(cause);
    const error = await client.webauthn.authenticate({ sessionDurationMinutes: 5 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code, message: `${name}: the browser says no` });
    expect((error as Error).cause).toBe(cause);
  });

  it('a SecurityError for an RP ID that does not fit the page is a ceremony failure', async () => {
    const { client, fetch } = webauthnClient(true);
    fetch.on(
      'POST /webauthn/register/start',
      creationStart({ ...CREATION_OPTIONS, rp: { name: 'x', id: 'example.com' } }),
    );
    create.answerNext(dom('SecurityError'));
    await expect(client.webauthn.register()).rejects.toMatchObject({ code: 'webauthn_ceremony_failed' });
  });

  it('no WebAuthn in this browser → webauthn_unsupported before any request', async () => {
    removeWebAuthn();
    const { client, fetch } = webauthnClient(true);
    await expect(client.webauthn.register()).rejects.toMatchObject({
      code: 'webauthn_unsupported',
      message: 'WebAuthn is not supported in this browser',
    });
    await expect(client.webauthn.authenticate({ sessionDurationMinutes: 5 })).rejects.toBeInstanceOf(
      LatchkeyWebAuthnError,
    );
    expect(webauthnCalls(fetch)).toHaveLength(0);
    await expect(client.webauthn.browserSupportsAutofill()).resolves.toBe(false);
  });
});

describe('webauthn.update and browserSupportsAutofill', () => {
  it('update PUTs the name to /webauthn/update/{id} and resolves the raw response', async () => {
    const { client, fetch } = webauthnClient(true);
    const answer = {
      request_id: 'r',
      status_code: 200,
      webauthn_registration: { ...REGISTRATION, name: 'Work key' },
    };
    fetch.on('PUT /webauthn/update/webauthn-registration-test-1', ok(answer));
    const result = await client.webauthn.update({
      webauthnRegistrationId: 'webauthn-registration-test-1',
      name: 'Work key',
    });
    const [request] = fetch.calls('PUT /webauthn/update/webauthn-registration-test-1');
    expect(request!.url).toBe('http://provider.test/sdk/v1/webauthn/update/webauthn-registration-test-1');
    expect(request!.method).toBe('PUT');
    expect(request!.body).toBe('{"name":"Work key"}');
    expect(result).toEqual(answer);
  });

  it('update errors keep their message or get the spec default', async () => {
    const { client, fetch } = webauthnClient(true);
    fetch.on('PUT /webauthn/update/w-1', bareApiError(400, 'invalid_request'));
    await expect(client.webauthn.update({ webauthnRegistrationId: 'w-1', name: '' })).rejects.toMatchObject({
      code: 'invalid_request',
      message: 'Failed to update WebAuthn Registration',
    });
    fetch.on(
      'PUT /webauthn/update/w-2',
      apiError(404, 'webauthn_registration_not_found', 'No such passkey.'),
    );
    await expect(client.webauthn.update({ webauthnRegistrationId: 'w-2', name: 'x' })).rejects.toMatchObject({
      code: 'webauthn_registration_not_found',
      message: 'No such passkey.',
    });
  });

  it('browserSupportsAutofill follows isConditionalMediationAvailable', async () => {
    const { client } = webauthnClient();
    await expect(client.webauthn.browserSupportsAutofill()).resolves.toBe(true);
    autofillAvailable.mockResolvedValue(false);
    await expect(client.webauthn.browserSupportsAutofill()).resolves.toBe(false);
    autofillAvailable.mockRejectedValue(new Error('boom'));
    await expect(client.webauthn.browserSupportsAutofill()).resolves.toBe(false);
    autofillAvailable.mockImplementation(() => {
      throw new Error('sync boom');
    });
    await expect(client.webauthn.browserSupportsAutofill()).resolves.toBe(false);
  });
});

describe('argument checks (spec §5)', () => {
  it('each wrong type throws LatchkeyArgumentError naming the argument, before any request', async () => {
    const { client, fetch } = webauthnClient(true);
    const w = client.webauthn;
    const bad = [
      [() => w.register(null as never), 'options'],
      [() => w.register({ domain: 1 } as never), 'domain'],
      [() => w.register({ authenticatorType: true } as never), 'authenticatorType'],
      [() => w.register({ isPasskey: 'yes' } as never), 'isPasskey'],
      [() => w.register({ sessionDurationMinutes: '60' } as never), 'sessionDurationMinutes'],
      [() => w.authenticate(undefined as never), 'sessionDurationMinutes'],
      [() => w.authenticate({} as never), 'sessionDurationMinutes'],
      [() => w.authenticate({ sessionDurationMinutes: '5' } as never), 'sessionDurationMinutes'],
      [() => w.authenticate({ sessionDurationMinutes: 5, domain: 4 } as never), 'domain'],
      [() => w.authenticate({ sessionDurationMinutes: 5, isPasskey: 1 } as never), 'isPasskey'],
      [() => w.authenticate({ sessionDurationMinutes: 5, signal: {} } as never), 'signal'],
      [
        () => w.authenticate({ sessionDurationMinutes: 5, conditionalMediation: 'on' } as never),
        'conditionalMediation',
      ],
      [() => w.authenticate('5' as never), 'options'],
      [() => w.update({ name: 'x' } as never), 'webauthnRegistrationId'],
      [() => w.update({ webauthnRegistrationId: 'w-1' } as never), 'name'],
    ] as const;
    for (const [call, argument] of bad) {
      const error = await call().catch((e: unknown) => e);
      expect(error, argument).toBeInstanceOf(LatchkeyArgumentError);
      expect(error).toMatchObject({ code: 'invalid_argument', argument });
      expect((error as Error).message).toContain(argument);
    }
    expect(webauthnCalls(fetch)).toHaveLength(0);
    expect(create).not.toHaveBeenCalled();
    expect(get).not.toHaveBeenCalled();
  });

  it('optional arguments may be left out', async () => {
    const { client } = webauthnClient(true);
    await expect(client.webauthn.register({})).resolves.toBeDefined();
    await expect(client.webauthn.authenticate({ sessionDurationMinutes: 5 })).resolves.toBeDefined();
  });
});
