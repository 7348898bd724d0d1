import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen } from '@testing-library/dom';
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
  expect(build.stdout).toMatch(/KB gzip/);
  code = readFileSync(outfile, 'utf8');
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
