/** Captcha tokens on the guarded calls (docs/contracts.md, captcha): where they go, the one retry, and no token. */
import { afterEach, describe, expect, vi } from 'vitest';
import type { LatchkeyClient } from '../create-client.js';
import { LatchkeyCaptchaRequiredError } from '../errors.js';
import type { ClientOptions, RecaptchaEnterprise } from '../options.js';
import { it } from '../testing/client-test.js';
import { expectApiError } from '../testing/expect-api-error.js';
import { apiError, createTestClient, ok } from '../testing/fakes.js';
import { authResponse } from '../testing/wire-objects.js';
import { CAPTCHA_TOKEN_TIMEOUT_MS } from './captcha-token.js';

const SITE_KEY = 'site-key-test-1';
const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const SENT = {
  request_id: 'r',
  status_code: 200,
  method_id: 'm',
  user_id: 'u',
  email_id: 'e',
  phone_id: 'p',
};

/** A stand-in for `grecaptcha.enterprise` whose tokens count up: captcha-token-1, -2, … */
function fakeRecaptcha() {
  let count = 0;
  const steps: string[] = [];
  const enterprise = {
    ready: vi.fn((callback: () => void) => {
      steps.push('ready');
      callback();
    }),
    execute: vi.fn(async (_siteKey: string, _options: { action: string }) => {
      steps.push('execute');
      return `captcha-token-${++count}`;
    }),
  } satisfies RecaptchaEnterprise;
  const load = vi.fn(async (_url: string): Promise<RecaptchaEnterprise> => enterprise);
  return { enterprise, load, steps };
}

type Setup = ReturnType<typeof createTestClient>;

/** A client whose bootstrap turns captcha on (or off); every guarded and unguarded route answers. */
function captchaClient(
  options: { enabled?: boolean; signedIn?: boolean } & Partial<ClientOptions> = {},
): Setup & { recaptcha: ReturnType<typeof fakeRecaptcha> } {
  const { enabled = true, signedIn = false, ...rest } = options;
  const recaptcha = fakeRecaptcha();
  const setup = createTestClient({
    loadRecaptcha: recaptcha.load,
    ...rest,
    signedIn,
    bootstrap: { captcha_settings: enabled ? { enabled: true, siteKey: SITE_KEY } : { enabled: false } },
    prepare({ fetch }) {
      for (const channel of ['email', 'sms', 'whatsapp']) {
        for (const path of ['login_or_create', 'send/primary', 'send/secondary']) {
          fetch.on(`POST /otps/${channel}/${path}`, ok(SENT));
        }
      }
      for (const path of ['login_or_create', 'send/primary', 'send/secondary']) {
        fetch.on(`POST /magic_links/email/${path}`, ok({ request_id: 'r', status_code: 200 }));
      }
      fetch.on('POST /passwords', ok(authResponse()));
      fetch.on('POST /passwords/authenticate', ok(authResponse()));
      fetch.on('POST /passwords/email/reset/start', ok({ request_id: 'r', status_code: 200 }));
      fetch.on('POST /passwords/email/reset', ok(authResponse()));
      fetch.on('POST /otps/authenticate', ok(authResponse()));
      fetch.on('POST /users/search', ok({ request_id: 'r', status_code: 200, userType: 'new' }));
      for (const scope of ['primary', 'secondary']) {
        fetch.on(`POST /crypto_wallets/authenticate/start/${scope}`, ok({ challenge: 'c' }));
      }
    },
  });
  return { ...setup, recaptcha };
}

const PASSWORD = { email: 'ada@example.com', password: 'pw', sessionDurationMinutes: 60 };

/** Every call the provider guards when signed out, with the body it must send before the token. */
const GUARDED: [string, (client: LatchkeyClient) => Promise<unknown>, string, object][] = [
  [
    'magicLinks.email.loginOrCreate',
    (c) => c.magicLinks.email.loginOrCreate('ada@example.com'),
    'POST /magic_links/email/login_or_create',
    { email: 'ada@example.com' },
  ],
  [
    'magicLinks.email.send',
    (c) => c.magicLinks.email.send('ada@example.com'),
    'POST /magic_links/email/send/primary',
    { email: 'ada@example.com' },
  ],
  [
    'otps.email.loginOrCreate',
    (c) => c.otps.email.loginOrCreate('ada@example.com', { expirationMinutes: 5 }),
    'POST /otps/email/login_or_create',
    { expiration_minutes: 5, email: 'ada@example.com' },
  ],
  [
    'otps.email.send',
    (c) => c.otps.email.send('ada@example.com'),
    'POST /otps/email/send/primary',
    { email: 'ada@example.com' },
  ],
  [
    'otps.sms.loginOrCreate',
    (c) => c.otps.sms.loginOrCreate('+12015550123'),
    'POST /otps/sms/login_or_create',
    { phone_number: '+12015550123' },
  ],
  [
    'otps.sms.send',
    (c) => c.otps.sms.send('+12015550123'),
    'POST /otps/sms/send/primary',
    { phone_number: '+12015550123' },
  ],
  [
    'otps.whatsapp.loginOrCreate',
    (c) => c.otps.whatsapp.loginOrCreate('+12015550123'),
    'POST /otps/whatsapp/login_or_create',
    { phone_number: '+12015550123' },
  ],
  [
    'otps.whatsapp.send',
    (c) => c.otps.whatsapp.send('+12015550123'),
    'POST /otps/whatsapp/send/primary',
    { phone_number: '+12015550123' },
  ],
  [
    'passwords.create',
    (c) => c.passwords.create(PASSWORD),
    'POST /passwords',
    { email: 'ada@example.com', password: 'pw', session_duration_minutes: 60 },
  ],
  [
    'passwords.authenticate',
    (c) => c.passwords.authenticate(PASSWORD),
    'POST /passwords/authenticate',
    { email: 'ada@example.com', password: 'pw', session_duration_minutes: 60 },
  ],
  [
    'passwords.resetByEmailStart',
    (c) => c.passwords.resetByEmailStart({ email: 'ada@example.com', resetPasswordExpirationMinutes: 15 }),
    'POST /passwords/email/reset/start',
    { email: 'ada@example.com', reset_password_expiration_minutes: 15 },
  ],
  [
    'cryptoWallets.authenticateStart',
    (c) => c.cryptoWallets.authenticateStart({ crypto_wallet_address: ETH, crypto_wallet_type: 'ethereum' }),
    'POST /crypto_wallets/authenticate/start/primary',
    { crypto_wallet_address: ETH, crypto_wallet_type: 'ethereum' },
  ],
];

afterEach(() => {
  vi.useRealTimers();
});

describe('captcha on', () => {
  it.each(GUARDED)('%s sends a fresh captcha_token last', async (_name, call, route, before) => {
    const { client, fetch, recaptcha } = captchaClient();
    await call(client);
    await call(client);
    const [first, second] = fetch.calls(route);
    expect(first!.body).toBe(JSON.stringify({ ...before, captcha_token: 'captcha-token-1' }));
    expect(second!.body).toBe(JSON.stringify({ ...before, captcha_token: 'captcha-token-2' }));
    expect(recaptcha.load).toHaveBeenCalledWith(
      `https://www.google.com/recaptcha/enterprise.js?render=${SITE_KEY}`,
    );
    expect(recaptcha.enterprise.execute).toHaveBeenCalledWith(SITE_KEY, { action: 'LOGIN' });
    expect(recaptcha.steps).toEqual(['ready', 'execute', 'ready', 'execute']);
  });

  it('loads the script from endpoints.recaptchaScriptURL', async () => {
    const { client, recaptcha } = captchaClient({
      endpoints: { recaptchaScriptURL: 'http://localhost:4700/recaptcha/enterprise.js?hl=de' },
    });
    await client.passwords.authenticate(PASSWORD);
    expect(recaptcha.load).toHaveBeenCalledWith(
      `http://localhost:4700/recaptcha/enterprise.js?hl=de&render=${SITE_KEY}`,
    );
  });

  it('sends no token where the provider does not check one: /secondary and the unguarded calls', async () => {
    const { client, fetch, recaptcha } = captchaClient({ signedIn: true });
    await client.magicLinks.email.send('ada@example.com');
    await client.otps.email.send('ada@example.com');
    await client.otps.sms.send('+12015550123');
    await client.cryptoWallets.authenticateStart({
      crypto_wallet_address: ETH,
      crypto_wallet_type: 'ethereum',
    });
    await client.otps.authenticate('123456', 'm', { sessionDurationMinutes: 60 });
    await client.users.search('ada@example.com');
    await client.passwords.resetByEmail({ token: 't', password: 'pw', sessionDurationMinutes: 60 });
    const bodies = fetch.requests.filter((r) => r.json !== undefined).map((r) => r.json as object);
    expect(bodies.length).toBeGreaterThanOrEqual(7);
    for (const body of bodies) expect(body).not.toHaveProperty('captcha_token');
    expect(recaptcha.load).not.toHaveBeenCalled();
  });

  it('retries once with a fresh token when the provider answers captcha_failed', async () => {
    const { client, fetch } = captchaClient();
    let attempts = 0;
    fetch.on('POST /passwords/authenticate', () =>
      ++attempts === 1 ? apiError(429, 'captcha_failed') : ok(authResponse()),
    );
    const result = await client.passwords.authenticate(PASSWORD);
    expect(result.session_token).toBe('session-token-1');
    const tokens = fetch
      .calls('POST /passwords/authenticate')
      .map((r) => (r.json as { captcha_token: string }).captcha_token);
    expect(tokens).toEqual(['captcha-token-1', 'captcha-token-2']);
  });

  it("retries once on the wire's non-JSON 'Captcha required' too", async () => {
    const { client, fetch } = captchaClient();
    let attempts = 0;
    fetch.on('POST /otps/email/login_or_create', () =>
      ++attempts === 1 ? { status: 403, text: 'Captcha required' } : ok(SENT),
    );
    await client.otps.email.loginOrCreate('ada@example.com');
    expect(fetch.calls('POST /otps/email/login_or_create')).toHaveLength(2);
  });

  it('surfaces the second refusal as the API error, after exactly two attempts', async () => {
    const { client, fetch, recaptcha } = captchaClient();
    fetch.on('POST /magic_links/email/login_or_create', apiError(429, 'captcha_failed', 'Captcha failed.'));
    await expectApiError(client.magicLinks.email.loginOrCreate('ada@example.com'), {
      code: 'captcha_failed',
      status: 429,
      message: 'Captcha failed.',
    });
    expect(fetch.calls('POST /magic_links/email/login_or_create')).toHaveLength(2);
    expect(recaptcha.enterprise.execute).toHaveBeenCalledTimes(2);
  });

  it('does not retry other errors', async () => {
    const { client, fetch } = captchaClient();
    fetch.on('POST /passwords/authenticate', apiError(401, 'unauthorized_credentials'));
    await expect(client.passwords.authenticate(PASSWORD)).rejects.toMatchObject({
      code: 'unauthorized_credentials',
    });
    expect(fetch.calls('POST /passwords/authenticate')).toHaveLength(1);
  });
});

describe('no token to be had', () => {
  async function expectCaptchaRequired(setup: Setup, cause: RegExp) {
    const error = await setup.client.passwords.authenticate(PASSWORD).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LatchkeyCaptchaRequiredError);
    expect(error).toMatchObject({ code: 'captcha_required' });
    expect(String((error as Error).cause)).toMatch(cause);
    // Nothing is sent: the provider would refuse it.
    expect(setup.fetch.calls('POST /passwords/authenticate')).toHaveLength(0);
  }

  it('when the script cannot load', async () => {
    const setup = captchaClient({ loadRecaptcha: () => Promise.reject(new Error('blocked by the page')) });
    await expectCaptchaRequired(setup, /blocked by the page/);
  });

  it('when execute throws or gives an empty token', async () => {
    const throwing = captchaClient({
      loadRecaptcha: async () => ({
        ready: (callback) => callback(),
        execute: () => Promise.reject(new Error('Invalid site key')),
      }),
    });
    await expectCaptchaRequired(throwing, /Invalid site key/);
    const empty = captchaClient({
      loadRecaptcha: async () => ({ ready: (callback) => callback(), execute: async () => '' }),
    });
    await expectCaptchaRequired(empty, /no token/);
  });

  it(`when nothing answers within ${CAPTCHA_TOKEN_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers();
    const setup = captchaClient({ loadRecaptcha: () => new Promise(() => {}) });
    const outcome = setup.client.passwords.authenticate(PASSWORD).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CAPTCHA_TOKEN_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(LatchkeyCaptchaRequiredError);
    expect(String((error as Error).cause)).toMatch(/within 10000 ms/);
  });

  it('with the default loader, when the script tag fails', async () => {
    const setup = captchaClient({ loadRecaptcha: undefined });
    const outcome = setup.client.otps.sms.loginOrCreate('+12015550123').catch((e: unknown) => e);
    await vi.waitFor(() => {
      expect(document.querySelector(`script[src*="render=${SITE_KEY}"]`)).not.toBeNull();
    });
    const script = document.querySelector<HTMLScriptElement>(`script[src*="render=${SITE_KEY}"]`)!;
    expect(script.src).toBe(`https://www.google.com/recaptcha/enterprise.js?render=${SITE_KEY}`);
    script.dispatchEvent(new Event('error'));
    expect(await outcome).toBeInstanceOf(LatchkeyCaptchaRequiredError);
    expect(document.querySelector(`script[src*="render=${SITE_KEY}"]`)).toBeNull();
    expect(setup.fetch.calls('POST /otps/sms/login_or_create')).toHaveLength(0);
  });
});

describe('captcha off', () => {
  it.each(GUARDED)('%s sends no captcha_token and loads nothing', async (_name, call, route, before) => {
    const { client, fetch, recaptcha } = captchaClient({ enabled: false });
    await call(client);
    const [request] = fetch.calls(route);
    expect(request!.body).toBe(JSON.stringify(before));
    expect(recaptcha.load).not.toHaveBeenCalled();
  });
});
