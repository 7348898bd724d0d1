import { screen, waitFor } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LatchkeyGlobal } from './standalone.js';
import { createFakeClient } from './testing/fake-client.js';
import {
  buildStandalone,
  type StandaloneBuild,
  serveChunk,
  serveChunkOnce,
} from './testing/standalone-build.js';

// The real script-tag bundle (React aliased to preact/compat), built once and run in this jsdom
// window: proves the components work on Preact and that window.Latchkey is what the contract says.
// The chunks other than the phone one have their own file, standalone-chunks.test.ts.
const FILES = [
  'latchkey-widget.js',
  'latchkey-phone.js',
  'latchkey-one-tap.js',
  'latchkey-passkey-registration.js',
  'latchkey-passkey-sign-in.js',
  'latchkey-crypto.js',
  'latchkey-mfa.js',
  'latchkey-theme.js',
  'latchkey-magic-links.js',
  'latchkey-otps.js',
  'latchkey-oauth.js',
  'latchkey-webauthn.js',
  'latchkey-screens.js',
];
let build: StandaloneBuild;
let Latchkey: LatchkeyGlobal;
let code = '';

beforeAll(() => {
  build = buildStandalone();
  code = build.code('latchkey-widget.js');
  build.run('latchkey-widget.js');
  // The screens after Main, as a page has them once the widget painted: their own file's loading
  // is standalone-screens.test.ts's subject.
  build.run('latchkey-screens.js');
  Latchkey = window.Latchkey;
}, 60_000);

afterAll(() => {
  build.remove();
  document.body.innerHTML = '';
});

function target(): void {
  document.body.innerHTML = '<div id="login"></div>';
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('standalone bundle', () => {
  it('defines window.Latchkey with the contract members and version 5.1.2', () => {
    expect(Object.keys(Latchkey).sort()).toEqual(
      [
        'createLatchkeyClient',
        'mountLogin',
        'mountPasskeyRegistration',
        'mountResetPassword',
        'version',
      ].sort(),
    );
    expect(Latchkey.version).toBe('5.1.2');
  });

  it('ships Preact, not React', () => {
    // React's production builds point every error at react.dev/errors; Preact has no such table.
    expect(code).not.toContain('react.dev/errors');
  });

  it('writes the widget and its chunks, printing the size of each', () => {
    const lines = build.stdout.split('\n');
    for (const file of FILES)
      expect(lines.some((line) => line.includes(`/${file} `) && line.includes('KB gzip'))).toBe(true);
  });

  it('keeps each chunk’s code out of the widget bundle, and the widget’s out of the chunks', () => {
    // A marker of each chunk: libphonenumber-js's metadata keys and a parse error name; the
    // client-side services frame protocol; @simplewebauthn/browser's two ceremonies; wallet discovery
    // and the Ethereum signature request; the multi-factor step's texts and calls; and each one's
    // own CSS rules, which the widget's stylesheet no longer carries.
    const markers: Record<string, string[]> = {
      'latchkey-phone.js': ['country_calling_codes', 'nonGeographic', 'TOO_SHORT'],
      // Main's phone form: its country picker's class.
      'latchkey-phone-form.js': ['lk-country-select'],
      'latchkey-one-tap.js': ['latchkey-clientside'],
      'latchkey-passkey-registration.js': [
        'Registration ceremony was sent an abort signal',
        '.lk-root .lk-passkey-list{',
      ],
      'latchkey-passkey-sign-in.js': ['Authentication ceremony was sent an abort signal'],
      'latchkey-crypto.js': [
        'eip6963:requestProvider',
        'wallet-standard:app-ready',
        'personal_sign',
        '.lk-root .lk-wallet-links{',
      ],
      'latchkey-mfa.js': [
        'Enter your verification code',
        'invalid_recovery_code',
        'recoverSignIn',
        '/totps',
        '.lk-root .lk-qr{',
        '.lk-root .lk-code-box{',
      ],
      // The host's theme: an appearance variable's name, the font rules, the dark palette.
      'latchkey-theme.js': [
        'colorTextOnPrimaryBackground',
        '@font-face',
        '.lk-root[data-lk-color-scheme="dark"]{',
      ],
      // The client's methods an email + password sign-in does not call: their wire paths.
      'latchkey-magic-links.js': ['/magic_links/email/login_or_create', '/magic_links/authenticate'],
      'latchkey-otps.js': ['/otps/authenticate', '/login_or_create'],
      // client.oauth, and Main's provider buttons (Google's brand colour in its mark).
      'latchkey-oauth.js': ['/oauth/authenticate', '/v1/public/oauth/', '#4285F4'],
      'latchkey-webauthn.js': ['/webauthn/register/start', '/webauthn/authenticate/start/'],
      // The screens after Main: the code entry's autocomplete, the link countdown's role, the
      // new-password strength meter (the password step and the reset widget's form), their texts
      // and their rules.
      'latchkey-screens.js': [
        'one-time-code',
        'Finish creating your account by setting a password.',
        'Your code has expired.',
        'progressbar',
        'lk-meter-segment',
        '.lk-root .lk-row-end{',
        '.lk-root .lk-code-box{',
        '.lk-root .lk-checklist{',
      ],
    };
    for (const [file, found] of Object.entries(markers)) {
      const chunk = build.code(file);
      for (const marker of found) {
        expect(chunk, file).toContain(marker);
        expect(code, file).not.toContain(marker);
      }
      // Shared, not copied: Preact (its MathML namespace; the SVG one is also in the wallet logos'
      // files), the client (an error class's name).
      for (const widgetOnly of [
        'http://www.w3.org/1998/Math/MathML',
        'LatchkeyApiError',
        'createLatchkeyClient',
      ]) {
        expect(code).toContain(widgetOnly);
        expect(chunk, file).not.toContain(widgetOnly);
      }
    }
  });

  // Runs the whole passcode flow on a busy machine: well past the default 5 s there.
  it('loads the phone form (latchkey-phone-form.js), then latchkey-phone.js, when a phone form shows, then sends the E.164 number', {
    timeout: 30_000,
  }, async () => {
    target();
    const client = createFakeClient();
    const widget = Latchkey.mountLogin({
      elementId: '#login',
      client,
      config: { products: ['otp'], otpOptions: { methods: ['sms', 'email'] } },
    });
    // Main's phone form is not in the bundle: a busy box holds its place until its file is here.
    await waitFor(() =>
      expect(document.querySelector('.lk-screen-loading[aria-busy="true"] .lk-spinner')).toBeTruthy(),
    );
    expect(screen.queryByLabelText('Phone number')).toBeNull();
    const formTag = await serveChunk(build, 'latchkey-phone-form.js');
    const tag = await serveChunk(build, 'latchkey-phone.js');
    await screen.findByRole('option', { name: 'United Kingdom (+44)' });
    const user = userEvent.setup();
    const input = screen.getByLabelText('Phone number') as HTMLInputElement;
    await user.type(input, '201555x0123');
    expect(input.value).toBe('(201) 555-0123');
    await user.click(screen.getByRole('button', { name: 'Continue with text message' }));
    expect(await screen.findByText('A 6-digit passcode was sent to you at +1 201 555 0123.')).toBeTruthy();
    expect(client.calls.otpSend[0]).toMatchObject({ channel: 'sms', recipient: '+12015550123' });
    // The code input on Preact: non-digits never stay in the controlled input; six digits sign in.
    const code = screen.getByLabelText('One-time passcode') as HTMLInputElement;
    // Preact runs effects after a frame, so the focus move is awaited.
    await waitFor(() => expect(document.activeElement).toBe(code));
    await user.type(code, 'a1b');
    expect(code.value).toBe('1');
    await user.paste('23 456');
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.calls.otpAuthenticate).toEqual([
      { code: '123456', methodId: 'phone-number-test-1', options: { sessionDurationMinutes: 30 } },
    ]);
    widget.unmount();
    tag.remove();
    formTag.remove();
  });

  it('runs the magic-link flow on preact/compat', async () => {
    target();
    const client = createFakeClient();
    const widget = Latchkey.mountLogin({
      elementId: '#login',
      client,
      config: { products: ['emailMagicLinks'] },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(client.calls.loginOrCreate[0]?.email).toBe('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Email resent')).toBeTruthy();
    widget.unmount();
    expect(document.querySelector('#login')?.innerHTML).toBe('');
  });

  it('drives the real client it bundles: the email form posts to login_or_create', async () => {
    target();
    const requests: Array<{ url: string; body: unknown }> = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('/magic_links/email/login_or_create')) {
        return json({ data: { request_id: 'r', status_code: 200, user_id: 'user-1', email_id: 'e' } });
      }
      return json({ data: {} });
    };
    const client = Latchkey.createLatchkeyClient({
      publicToken: 'public-token-test-00000000-0000-4000-8000-000000000000',
      baseUrl: 'http://localhost:4000',
      fetch,
    });
    const widget = Latchkey.mountLogin({
      elementId: '#login',
      client,
      config: { emailMagicLinksOptions: { loginRedirectURL: 'http://localhost:4100/authenticate' } },
    });
    // client.magicLinks's code: fetched once the widget has painted, as its products call it.
    await serveChunkOnce(build, 'latchkey-magic-links.js');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com{Enter}');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    const call = requests.find((r) => r.url.endsWith('/sdk/v1/magic_links/email/login_or_create'));
    expect(call?.body).toMatchObject({
      email: 'ada@example.com',
      login_magic_link_url: 'http://localhost:4100/authenticate',
      login_expiration_minutes: 30,
      signup_expiration_minutes: 30,
    });
    widget.unmount();
    client.destroy();
  });

  it('throws naming the selector when the element is missing', () => {
    expect(() =>
      Latchkey.mountLogin({ elementId: '#absent', client: createFakeClient(), config: {} }),
    ).toThrow('#absent');
  });
});
