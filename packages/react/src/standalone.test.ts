import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen, waitFor } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LatchkeyGlobal } from './standalone.js';
import { createFakeClient } from './testing/fake-client.js';

// The real script-tag bundle (React aliased to preact/compat), built once and run in this jsdom
// window: proves the components work on Preact and that window.Latchkey is what the contract says.
const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = mkdtempSync(join(tmpdir(), 'latchkey-standalone-'));
let Latchkey: LatchkeyGlobal;
let code = '';
let phoneCode = '';

beforeAll(() => {
  const outfile = join(outDir, 'latchkey-widget.js');
  const build = spawnSync(
    process.execPath,
    [join(packageDir, 'scripts/build-standalone.mjs'), `--outfile=${outfile}`],
    {
      encoding: 'utf8',
    },
  );
  expect(build.status, build.stderr).toBe(0);
  expect(build.stdout).toMatch(/latchkey-widget\.js .* KB gzip/);
  expect(build.stdout).toMatch(/latchkey-phone\.js .* KB gzip/);
  code = readFileSync(outfile, 'utf8');
  phoneCode = readFileSync(join(outDir, 'latchkey-phone.js'), 'utf8');
  new Function(code)();
  Latchkey = window.Latchkey;
}, 60_000);

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
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

  it('keeps the phone metadata out of the widget bundle, in latchkey-phone.js', () => {
    // Keys of libphonenumber-js's metadata JSON, and one of its parse error names.
    for (const marker of ['country_calling_codes', 'nonGeographic', 'TOO_SHORT']) {
      expect(code).not.toContain(marker);
      expect(phoneCode).toContain(marker);
    }
    expect(phoneCode).not.toContain('createLatchkeyClient');
  });

  it('loads latchkey-phone.js with a script tag when a phone form shows, then sends the E.164 number', async () => {
    target();
    const client = createFakeClient();
    const widget = Latchkey.mountLogin({
      elementId: '#login',
      client,
      config: { products: ['otp'], otpOptions: { methods: ['sms', 'email'] } },
    });
    const tag = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>('script[src$="/latchkey-phone.js"]');
      if (!found) throw new Error('no phone script tag yet');
      return found;
    });
    // jsdom does not fetch scripts: run the built file and report the load as a browser would.
    new Function(phoneCode)();
    tag.dispatchEvent(new Event('load'));
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
