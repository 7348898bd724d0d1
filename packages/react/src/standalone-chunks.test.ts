import { screen, waitFor, within } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WidgetEvent } from './config.js';
import type { LatchkeyGlobal } from './standalone.js';
import { createFakeClient, cryptoChallenge, mfaPending, passkey } from './testing/fake-client.js';
import {
  buildStandalone,
  type StandaloneBuild,
  serveChunk,
  serveChunkOnce,
} from './testing/standalone-build.js';

// The script-tag bundle's chunks, run for real in this jsdom window beside the widget bundle:
// each is fetched only when its feature is used, works with the widget's shared modules (one
// Preact, the client's own WebAuthn abort service), and a file that cannot load ends in the
// feature's documented failure, never a blank widget.
const PUBLIC_TOKEN = 'public-token-test-00000000-0000-4000-8000-000000000000';
const PROVIDER = 'http://localhost:4000';
let build: StandaloneBuild;
let Latchkey: LatchkeyGlobal;

beforeAll(() => {
  build = buildStandalone();
  build.run('latchkey-widget.js');
  // The screens after Main, as a page has them once the widget painted: their own file's loading
  // is standalone-screens.test.ts's subject.
  build.run('latchkey-screens.js');
  Latchkey = window.Latchkey;
}, 60_000);

afterAll(() => build.remove());

const clients: Array<{ destroy(): void }> = [];

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
  document.body.innerHTML = '';
  for (const tag of document.head.querySelectorAll('script')) tag.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A client of the bundle whose provider answers `answers[path]` (else an empty success). */
function bundledClient(answers: Record<string, unknown> = {}) {
  const paths: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    paths.push(path);
    return json({ data: answers[path] ?? {} });
  };
  const client = Latchkey.createLatchkeyClient({ publicToken: PUBLIC_TOKEN, baseUrl: PROVIDER, fetch });
  clients.push(client);
  return { client, paths };
}

const chunkTag = (file: string) => document.head.querySelector(`script[src$="/${file}"]`);

function target(): void {
  document.body.innerHTML = '<div id="widget"></div>';
}

describe('latchkey-one-tap.js', () => {
  const ONE_TAP = {
    products: ['oauth' as const],
    oauthOptions: { providers: [{ type: 'google', one_tap: true }] },
  };

  function mountOneTap() {
    target();
    const { client } = bundledClient();
    const events: WidgetEvent[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const widget = Latchkey.mountLogin({
      elementId: '#widget',
      client,
      config: ONE_TAP,
      callbacks: { onEvent: (event) => events.push(event) },
    });
    return { client, events, warn, widget };
  }

  it('is not fetched by a page without One Tap', async () => {
    target();
    const widget = Latchkey.mountLogin({
      elementId: '#widget',
      client: bundledClient().client,
      config: { products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } },
    });
    // The provider buttons come with client.oauth's file: a busy box until it is here.
    await waitFor(() =>
      expect(document.querySelector('.lk-screen-loading[aria-busy="true"] .lk-spinner')).toBeTruthy(),
    );
    // Preact runs effects after a frame: give a One Tap start the time to happen.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(chunkTag('latchkey-one-tap.js')).toBeNull();
    // A file that cannot load: the widget's error line where the buttons go; the file stays unloaded.
    await serveChunk(build, 'latchkey-oauth.js', 'error');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sign-in with a provider could not be loaded. Check your connection and try again.',
    );
    widget.unmount();
  });

  it('that cannot load ends One Tap with unknown_reason and the warning', async () => {
    const { client, events, warn, widget } = mountOneTap();
    // One Tap's area and its start travel in this file: when it fails, the widget itself reports
    // what the start would have (client.oauth's file, preloaded after paint, fails too).
    await serveChunk(build, 'latchkey-one-tap.js', 'error');
    await waitFor(() => {
      chunkTag('latchkey-oauth.js')?.dispatchEvent(new Event('error'));
      expect(events).toContainEqual({
        type: 'ONE_TAP_RESULT',
        data: { success: false, reason: 'unknown_reason' },
      });
    });
    expect(warn).toHaveBeenCalledWith('One Tap could not load: unknown_reason');
    expect(document.querySelector('iframe')).toBeNull();
    widget.unmount();
    // Headless, too: start() resolves the failure (it rejects only for bad arguments), and tries again.
    const again = client.oauth.googleOneTap.start();
    await serveChunk(build, 'latchkey-oauth.js');
    await serveChunk(build, 'latchkey-one-tap.js', 'error');
    await expect(again).resolves.toMatchObject({ success: false, reason: 'unknown_reason' });
  });

  it('loads when One Tap is configured, opens the frame and reports its answer', async () => {
    const { client, events, warn, widget } = mountOneTap();
    await serveChunkOnce(build, 'latchkey-oauth.js');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    await serveChunk(build, 'latchkey-one-tap.js');
    // The chunk's frame: the provider's client-side services page, with its ready handshake.
    const iframe = await waitFor(() => {
      const found = document.querySelector('iframe');
      if (!found?.contentWindow) throw new Error('no frame yet');
      return found;
    });
    expect(iframe.src).toBe(`${PROVIDER}/v1/public/clientside-services?public_token=${PUBLIC_TOKEN}`);
    const frame = iframe.contentWindow as Window;
    const reply = (data: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin: PROVIDER, source: frame }));
    vi.spyOn(frame, 'postMessage').mockImplementation((message: unknown) => {
      const { id, method } = message as { id: string; method: string };
      expect(method).toBe('oneTapStart');
      const error = {
        status_code: 404,
        error_type: 'oauth_config_not_found',
        error_message: 'No Google here.',
      };
      queueMicrotask(() => reply({ lk: 'latchkey-clientside', id, error }));
    });
    reply({ lk: 'latchkey-clientside', ready: true });
    await waitFor(() =>
      expect(events).toContainEqual({
        type: 'ONE_TAP_RESULT',
        data: { success: false, reason: 'oauth_config_not_found' },
      }),
    );
    expect(warn).toHaveBeenCalledWith(
      'One Tap could not load: oauth_config_not_found',
      expect.objectContaining({ code: 'oauth_config_not_found' }),
    );
    widget.unmount();
    // The frame goes with the client, as it did when it was part of the bundle.
    client.destroy();
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('latchkey-passkey-registration.js', () => {
  const USER = {
    user_id: 'user-test-1',
    emails: [{ email: 'ada@example.com' }],
    webauthn_registrations: [passkey(1, { name: 'MacBook' }), passkey(2, { name: 'Phone' })],
  };

  function mountRegistration() {
    target();
    const client = createFakeClient({ user: USER });
    return {
      client,
      widget: Latchkey.mountPasskeyRegistration({ elementId: '#widget', client, config: {} }),
    };
  }

  it('is not fetched by the login widget', async () => {
    target();
    const widget = Latchkey.mountLogin({ elementId: '#widget', client: createFakeClient(), config: {} });
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(chunkTag('latchkey-passkey-registration.js')).toBeNull();
    widget.unmount();
  });

  it('that cannot load shows the widget’s error line', async () => {
    const { widget } = mountRegistration();
    await serveChunk(build, 'latchkey-passkey-registration.js', 'error');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Passkey setup could not be loaded. Check your connection and try again.',
    );
    expect(screen.queryByRole('heading')).toBeNull();
    widget.unmount();
  });

  it('from another build (a stale cache) does not run, and the widget says it could not load', async () => {
    // The widget names its shared modules' global after their exact list; another build's differs.
    const key = Object.keys(globalThis).find((name) => name.startsWith('__latchkeyShared_'));
    if (!key) throw new Error('the widget bundle published no shared modules');
    const shared = Reflect.get(globalThis, key);
    Reflect.deleteProperty(globalThis, key);
    try {
      const { widget } = mountRegistration();
      await serveChunk(build, 'latchkey-passkey-registration.js');
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Passkey setup could not be loaded. Check your connection and try again.',
      );
      widget.unmount();
    } finally {
      Reflect.set(globalThis, key, shared);
    }
  });

  it('loads when the widget mounts, then runs its screens on the bundle’s Preact', async () => {
    const { client, widget } = mountRegistration();
    // Until the file arrives: a busy indicator inside the widget, not an empty box.
    expect(document.querySelector('[aria-busy="true"] .lk-spinner')).toBeTruthy();
    await serveChunk(build, 'latchkey-passkey-registration.js');
    // A user with passkeys: it opens on their list.
    const list = await screen.findByRole('list', { name: 'Existing Passkeys' });
    const user = userEvent.setup();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.lk-passkey-name')?.textContent),
    ).toEqual(['MacBook', 'Phone']);
    // The list's own state and effects (hooks of the shared Preact): rename a passkey.
    await user.click(screen.getByRole('button', { name: 'Rename MacBook' }));
    const input = screen.getByRole('textbox', { name: 'Passkey name' });
    await user.clear(input);
    await user.type(input, 'Laptop{Enter}');
    await waitFor(() =>
      expect(client.calls.webauthnUpdate).toEqual([
        { webauthnRegistrationId: 'webauthn-registration-test-1', name: 'Laptop' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Set up another Passkey' }));
    expect(await screen.findByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
    widget.unmount();
  });
});

describe('latchkey-passkey-sign-in.js', () => {
  const REQUEST_OPTIONS = JSON.stringify({
    challenge: 'Y2hhbGxlbmdl',
    rpId: 'localhost',
    allowCredentials: [],
  });

  /** A browser with WebAuthn whose credentials.get never answers until its signal aborts. */
  function installBrowser() {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const get = vi.fn(
      (options: { signal: AbortSignal }) =>
        new Promise((_, reject) =>
          options.signal.addEventListener('abort', () => reject(options.signal.reason)),
        ),
    );
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get } });
    return get;
  }

  function signInClient() {
    return bundledClient({
      '/sdk/v1/webauthn/authenticate/start/primary': {
        public_key_credential_request_options: REQUEST_OPTIONS,
      },
    }).client;
  }

  it('that cannot load fails the ceremony, before the browser is asked', async () => {
    const get = installBrowser();
    const client = signInClient();
    const signingIn = client.webauthn.authenticate({ sessionDurationMinutes: 30 });
    await serveChunkOnce(build, 'latchkey-webauthn.js');
    await serveChunk(build, 'latchkey-passkey-sign-in.js', 'error');
    await expect(signingIn).rejects.toMatchObject({ code: 'webauthn_ceremony_failed' });
    expect(get).not.toHaveBeenCalled();
  });

  it('loads on the first passkey request, and the client’s abort reaches its browser request', async () => {
    const get = installBrowser();
    const client = signInClient();
    const controller = new AbortController();
    const signingIn = client.webauthn.authenticate({ sessionDurationMinutes: 30, signal: controller.signal });
    await serveChunkOnce(build, 'latchkey-webauthn.js');
    await serveChunk(build, 'latchkey-passkey-sign-in.js');
    await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    controller.abort();
    await expect(signingIn).rejects.toMatchObject({ code: 'webauthn_aborted' });
    // One WebAuthnAbortService for the bundle and the chunk: the browser's request was cancelled.
    expect(get.mock.calls[0]?.[0].signal.aborted).toBe(true);
  });
});

describe('latchkey-crypto.js', () => {
  const ADDRESS = '0x5B38Da6a701c568545dCfcdfc54f1D1B6A0E5A0d';
  const CRYPTO = { products: ['crypto' as const, 'emailMagicLinks' as const] };
  const globals = window as unknown as Record<string, unknown>;

  afterEach(() => {
    Reflect.deleteProperty(globals, 'ethereum');
  });

  /** An injected MetaMask-style EIP-1193 provider that records its requests and signs anything. */
  function installEthereum() {
    const requests: Array<{ method: string; params?: unknown }> = [];
    globals.ethereum = {
      isMetaMask: true,
      async request(args: { method: string; params?: unknown }) {
        requests.push(args);
        switch (args.method) {
          case 'eth_requestAccounts':
            return [ADDRESS];
          case 'eth_chainId':
            return '0x89';
          case 'personal_sign':
            return `0x${'ab'.repeat(65)}`;
          default:
            throw new Error(`unexpected ${args.method}`);
        }
      },
    };
    return requests;
  }

  it('is not fetched by a widget without crypto', async () => {
    target();
    const widget = Latchkey.mountLogin({ elementId: '#widget', client: createFakeClient(), config: {} });
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(chunkTag('latchkey-crypto.js')).toBeNull();
    widget.unmount();
  });

  it('that cannot load shows the widget’s error line where the wallet buttons go; the email form still works', async () => {
    target();
    const widget = Latchkey.mountLogin({ elementId: '#widget', client: createFakeClient(), config: CRYPTO });
    expect(document.querySelector('.lk-crypto-loading[aria-busy="true"] .lk-spinner')).toBeTruthy();
    await serveChunk(build, 'latchkey-crypto.js', 'error');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Crypto wallet sign-in could not be loaded. Check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Continue with email' })).toBeTruthy();
    widget.unmount();
  });

  it('loads when a crypto widget mounts, finds the wallet and signs in with it', async () => {
    const requests = installEthereum();
    target();
    const client = createFakeClient();
    const events: WidgetEvent[] = [];
    const errors: unknown[] = [];
    const widget = Latchkey.mountLogin({
      elementId: '#widget',
      client,
      config: CRYPTO,
      callbacks: { onEvent: (event) => events.push(event), onError: (error) => errors.push(error) },
    });
    await serveChunk(build, 'latchkey-crypto.js');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue with MetaMask' }));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(requests.map((r) => r.method)).toEqual(['eth_requestAccounts', 'eth_chainId', 'personal_sign']);
    // The challenge as personal_sign takes it: the hex of its UTF-8 bytes.
    const hex = `0x${Buffer.from(cryptoChallenge(1).challenge, 'utf8').toString('hex')}`;
    expect(requests[2]?.params).toEqual([hex, ADDRESS]);
    expect(client.calls.cryptoStart).toEqual([
      { crypto_wallet_address: ADDRESS, crypto_wallet_type: 'ethereum', siwe_params: { chain_id: 137 } },
    ]);
    expect(client.calls.cryptoAuthenticate).toMatchObject([{ signature: `0x${'ab'.repeat(65)}` }]);
    expect(events.map((event) => event.type)).toEqual([
      'CRYPTO_WALLET_AUTHENTICATE_START',
      'CRYPTO_WALLET_AUTHENTICATE',
      'AUTHENTICATE_FLOW_COMPLETE',
    ]);
    expect(errors).toEqual([]);
    widget.unmount();
  });
});

describe('latchkey-mfa.js', () => {
  const PASSWORDS = { products: ['emailMagicLinks' as const, 'passwords' as const] };

  /** A login widget whose password sign-in asks for the authenticator app's code. */
  async function mountAfterPassword() {
    target();
    const client = createFakeClient({
      search: async () => ({ userType: 'password' }),
      passwordAuthenticate: async () => mfaPending({ totp: true }),
    });
    const events: WidgetEvent[] = [];
    const widget = Latchkey.mountLogin({
      elementId: '#widget',
      client,
      config: PASSWORDS,
      callbacks: { onEvent: (event) => events.push(event) },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com{Enter}');
    await user.type(await screen.findByLabelText('Password'), 'correct horse{Enter}');
    return { client, events, user, widget };
  }

  it('is not fetched by a sign-in that needs no second factor', async () => {
    target();
    const client = createFakeClient({ search: async () => ({ userType: 'password' }) });
    const widget = Latchkey.mountLogin({ elementId: '#widget', client, config: PASSWORDS });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com{Enter}');
    await user.type(await screen.findByLabelText('Password'), 'correct horse{Enter}');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(chunkTag('latchkey-mfa.js')).toBeNull();
    widget.unmount();
  });

  it('that cannot load shows the widget’s error line', async () => {
    const { widget } = await mountAfterPassword();
    await serveChunk(build, 'latchkey-mfa.js', 'error');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Verification could not be loaded. Check your connection and try again.',
    );
    widget.unmount();
  });

  it('loads when a sign-in needs a second factor, then checks the app’s code with its own calls', async () => {
    const { client, events, user, widget } = await mountAfterPassword();
    expect(document.querySelector('.lk-mfa-loading[aria-busy="true"] .lk-spinner')).toBeTruthy();
    await serveChunk(build, 'latchkey-mfa.js');
    expect(await screen.findByRole('heading', { name: 'Enter your verification code' })).toBeTruthy();
    // The code boxes' own state and effects (hooks of the shared Preact): a full code submits itself.
    await user.type(screen.getByLabelText('Verification code'), '123456');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.calls.totpAuthenticate).toEqual([{ totp_code: '123456', session_duration_minutes: 30 }]);
    expect(events.map((event) => event.type)).toEqual([
      'PASSWORD_AUTHENTICATE',
      'TOTP_AUTHENTICATE',
      'AUTHENTICATE_FLOW_COMPLETE',
    ]);
    widget.unmount();
  });
});

describe('the client method files (latchkey-magic-links.js, latchkey-otps.js, latchkey-oauth.js, latchkey-webauthn.js)', () => {
  const METHOD_FILES = [
    'latchkey-magic-links.js',
    'latchkey-otps.js',
    'latchkey-oauth.js',
    'latchkey-webauthn.js',
  ];
  const methodTags = () => METHOD_FILES.filter((file) => chunkTag(file) !== null);

  it('none is fetched by an email + password sign-in', async () => {
    target();
    const client = createFakeClient({ search: async () => ({ userType: 'password' }) });
    const widget = Latchkey.mountLogin({ elementId: '#widget', client, config: { products: ['passwords'] } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com{Enter}');
    await user.type(await screen.findByLabelText('Password'), 'correct horse{Enter}');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(methodTags()).toEqual([]);
    widget.unmount();
  });

  it('one is fetched once the widget has painted, when its products call it', async () => {
    target();
    const widget = Latchkey.mountLogin({
      elementId: '#widget',
      client: createFakeClient(),
      config: { products: ['otp'], otpOptions: { methods: ['email'] } },
    });
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    await waitFor(() => expect(chunkTag('latchkey-otps.js')).not.toBeNull());
    widget.unmount();
    // Left unloaded, so that the next test's call fetches it again.
    await serveChunk(build, 'latchkey-otps.js', 'error');
  });

  it('a headless call loads its file; one that cannot load rejects as a network failure, and the next call retries', async () => {
    const { client, paths } = bundledClient({
      '/sdk/v1/otps/email/login_or_create': { request_id: 'r', status_code: 200, method_id: 'email-1' },
    });
    // The namespace has every member before its code arrives.
    expect(typeof client.otps.sms.send).toBe('function');
    const failing = client.otps.email.loginOrCreate('ada@example.com');
    await serveChunk(build, 'latchkey-otps.js', 'error');
    await expect(failing).rejects.toMatchObject({ code: 'network_unreachable' });
    expect(paths).not.toContain('/sdk/v1/otps/email/login_or_create');
    const sending = client.otps.email.loginOrCreate('ada@example.com');
    await serveChunk(build, 'latchkey-otps.js');
    await expect(sending).resolves.toMatchObject({ method_id: 'email-1' });
    expect(paths).toContain('/sdk/v1/otps/email/login_or_create');
    // Argument checks are the method's own, as a rejection.
    await expect(client.otps.email.loginOrCreate('not an email')).rejects.toMatchObject({
      code: 'invalid_argument',
    });
  });
});

describe('latchkey-theme.js', () => {
  const PASSWORDS = { products: ['passwords' as const] };
  const THEME = {
    styles: { colors: { primary: '#123456' } },
    appearance: {
      colorScheme: 'dark' as const,
      variables: { colorPrimary: '#abcdef', colorBackground: '#101010' },
      elements: { primaryButton: 'host-button' },
    },
  };
  const root = () => document.querySelector<HTMLElement>('.lk-root');
  const mountThemed = () => {
    target();
    return Latchkey.mountLogin({
      elementId: '#widget',
      client: createFakeClient(),
      config: PASSWORDS,
      ...THEME,
    });
  };
  const darkRules = () =>
    [...document.querySelectorAll('style[data-lk-styles]')].some((style) =>
      style.textContent?.includes('.lk-root[data-lk-color-scheme="dark"]{'),
    );

  it('is not fetched by a page without styles or appearance, which paints at once', async () => {
    target();
    const widget = Latchkey.mountLogin({
      elementId: '#widget',
      client: createFakeClient(),
      config: PASSWORDS,
    });
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(chunkTag('latchkey-theme.js')).toBeNull();
    expect(darkRules()).toBe(false);
    widget.unmount();
  });

  it('that cannot load leaves the default look with a warning, never a missing widget', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const widget = mountThemed();
    // Nothing renders before the theme is here: no unthemed flash.
    expect(root()).toBeNull();
    await serveChunk(build, 'latchkey-theme.js', 'error');
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(root()?.style.getPropertyValue('--lk-color-primary')).toBe('');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('latchkey-theme.js'));
    widget.unmount();
  });

  it('unmounted before the file settles, renders nothing afterwards', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const widget = mountThemed();
    // The removed host element, which a late render would still fill.
    const host = document.querySelector('latchkey-widget');
    widget.unmount();
    await serveChunk(build, 'latchkey-theme.js', 'error');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    // The render would follow in the same microtask run; a task later it has had its chance.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(host?.isConnected).toBe(false);
    expect(host?.childNodes.length).toBe(0);
    expect(document.querySelector('#widget')?.children.length).toBe(0);
  });

  it('is fetched before the first render when the page passes a theme, which the first paint shows', async () => {
    const widget = mountThemed();
    expect(root()).toBeNull();
    await serveChunk(build, 'latchkey-theme.js');
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    const themed = root();
    // `styles` over `appearance.variables`, the colour scheme, the dark palette, the host's class.
    expect(themed?.style.getPropertyValue('--lk-color-primary')).toBe('#123456');
    expect(themed?.style.getPropertyValue('--lk-container-background')).toBe('#101010');
    expect(themed?.getAttribute('data-lk-color-scheme')).toBe('dark');
    expect(darkRules()).toBe(true);
    expect(screen.getByRole('button', { name: 'Continue with email' }).className).toContain('host-button');
    widget.unmount();
    // Once here, a later themed widget renders at once.
    const again = mountThemed();
    expect(root()?.style.getPropertyValue('--lk-color-primary')).toBe('#123456');
    again.unmount();
  });
});
