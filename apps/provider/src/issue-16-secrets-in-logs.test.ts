/**
 * Issue 16 item 6 (SECURITY B10): every sign-in method runs through the real app with the
 * provider's logger at level trace, then everything logged is searched for each secret the
 * provider issued or was given: codes, tokens, links, session tokens and JWTs, intermediate
 * session tokens, the TOTP secret and recovery codes, passwords, OAuth codes and states.
 */
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { outboxFor } from '../test/magic-link-helpers.js';
import { authorizeAtFake, deliverCallback, redirectOf, tokenOf } from '../test/oauth-helpers.js';
import { codeFromText, freshIp } from '../test/otp-helpers.js';
import { STRONG_PASSWORD } from '../test/password-helpers.js';
import { devProjectAuthorization, postServerApi } from '../test/server-api-calls.js';
import { json, sdkHeaders } from '../test/test-app.js';
import { totpCode } from '../test/totp-helpers.js';
import { useFakeOpenIdProvider } from '../test/use-fake-openid-provider.js';
import { useTestContext } from '../test/use-test-context.js';
import { createProviderLogger } from './logging/provider-logger.js';

const logged: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    logged.push(String(chunk));
    done();
  },
});
const ctx = useTestContext({ logger: createProviderLogger({ level: 'trace', destination: sink }) });
const fake = useFakeOpenIdProvider(ctx, 'google');

/** Every secret seen in an answer, a message or a request; the log must contain none of them. */
const secrets = new Set<string>();
const SECRET_FIELDS = new Set([
  'session_token',
  'session_jwt',
  'intermediate_session_token',
  'secret',
  'recovery_codes',
  'token',
]);

/** Collects the values of secret-bearing fields anywhere in a JSON answer. */
function collect(value: unknown, key = ''): void {
  if (typeof value === 'string') {
    if (SECRET_FIELDS.has(key) && value !== '') secrets.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, key);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collect(v, k);
  }
}

/** POSTs to /sdk/v1{path} as the SDK and collects what the answer holds; throws unless 200. */
async function sdk(path: string, payload: Record<string, unknown>, secret?: string, publicToken?: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/sdk/v1${path}`,
    headers: sdkHeaders(publicToken ?? ctx.dev.public_token, secret),
    remoteAddress: freshIp(),
    payload,
  });
  if (response.statusCode !== 200)
    throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
  const body = json(response);
  collect(body);
  return body.data ?? body;
}

/** The newest message to `to`: its link tokens and passcode are collected. */
async function newestMessage(to: string): Promise<string> {
  const [message] = await outboxFor(ctx, to);
  if (!message) throw new Error(`no message to ${to}`);
  const text = message.text as string;
  for (const match of text.matchAll(/[?&]token=([A-Za-z0-9_%-]+)/g)) {
    secrets.add(decodeURIComponent(match[1] as string));
    secrets.add(match[0].slice(1));
  }
  for (const match of text.matchAll(/code is (\d{6})/g)) secrets.add(match[1] as string);
  return text;
}

const tokenIn = (text: string, type: string) =>
  decodeURIComponent(new RegExp(`stytch_token_type=${type}&token=([A-Za-z0-9_%-]+)`).exec(text)?.[1] ?? '');

it('logs no secret the provider issued or was given, at any level', async () => {
  secrets.add(STRONG_PASSWORD);
  secrets.add(ctx.dev.secret);

  // Magic links: sign-up, log-in, send/primary, and an address added by send/secondary.
  await sdk('/magic_links/email/login_or_create', { email: 'logs-ml@example.com' });
  const signup = tokenIn(await newestMessage('logs-ml@example.com'), 'magic_links');
  const signedIn = await sdk('/magic_links/authenticate', { token: signup, session_duration_minutes: 60 });
  await sdk('/magic_links/email/login_or_create', { email: 'logs-ml@example.com' });
  const login = tokenIn(await newestMessage('logs-ml@example.com'), 'magic_links');
  await sdk('/magic_links/authenticate', { token: login, session_duration_minutes: 60 });
  await sdk('/magic_links/email/send/primary', { email: 'logs-ml@example.com' });
  await newestMessage('logs-ml@example.com');
  await sdk('/magic_links/email/send/secondary', { email: 'logs-ml-2@example.com' }, signedIn.session_token);
  await newestMessage('logs-ml-2@example.com');

  // Passcodes by email and by SMS.
  for (const [channel, field, to] of [
    ['email', 'email', 'logs-otp@example.com'],
    ['sms', 'phone_number', '+14155550142'],
  ]) {
    const sent = await sdk(`/otps/${channel}/login_or_create`, { [field]: to });
    const code = codeFromText(await newestMessage(to));
    await sdk('/otps/authenticate', { token: code, method_id: sent.method_id, session_duration_minutes: 60 });
  }

  // Password: create, reset by email, and the reset email's login link.
  await sdk('/passwords', {
    email: 'logs-pw@example.com',
    password: STRONG_PASSWORD,
    session_duration_minutes: 60,
  });
  await sdk('/passwords/email/reset/start', { email: 'logs-pw@example.com' });
  const resetText = await newestMessage('logs-pw@example.com');
  const newPassword = 'copper-lantern-meadow-58-quartz';
  secrets.add(newPassword);
  // The reset screen checks its link first (issue 17): the token is read, never logged.
  await sdk('/passwords/email/reset/check', { token: tokenIn(resetText, 'reset_password') });
  await sdk('/passwords/email/reset', {
    token: tokenIn(resetText, 'reset_password'),
    password: newPassword,
    session_duration_minutes: 60,
  });

  // Authenticator app: enrol, confirm, a recovery code; then the session by token and by JWT.
  const totp = await sdk('/totps', {}, signedIn.session_token);
  const code = totpCode(totp.secret, ctx.clock.now());
  secrets.add(code);
  await sdk('/totps/authenticate', { totp_code: code, session_duration_minutes: 60 }, signedIn.session_token);
  await sdk(
    '/totps/recover',
    { recovery_code: totp.recovery_codes[0], session_duration_minutes: 60 },
    signedIn.session_token,
  );
  await sdk('/sessions/authenticate', { session_duration_minutes: 60 }, signedIn.session_token);
  for (const payload of [{ session_token: signedIn.session_token }, { session_jwt: signedIn.session_jwt }]) {
    const response = await postServerApi(
      ctx,
      '/v1/sessions/authenticate',
      devProjectAuthorization(ctx),
      payload,
    );
    expect(response.statusCode).toBe(200);
    collect(json(response));
  }

  // An intermediate session token: a password sign-in on a project that requires MFA.
  const mfa = await ctx.givenProject({
    name: 'MFA project',
    isDev: true,
    mfaRequired: true,
    defaultLoginRedirectUrl: 'http://localhost:4100/authenticate',
  });
  secrets.add(mfa.secret);
  await sdk(
    '/passwords',
    { email: 'logs-mfa@example.com', password: STRONG_PASSWORD },
    undefined,
    mfa.public_token,
  );

  // OAuth: the upstream's code and state reach the callback's URL; the token comes back in a redirect.
  const { start, cookie, callback } = await authorizeAtFake(ctx, fake, 'google');
  const callbackUrl = new URL(callback.url);
  for (const name of ['code', 'state']) secrets.add(callbackUrl.searchParams.get(name) as string);
  secrets.add(cookie.split('=')[1] as string);
  const oauthToken = tokenOf(redirectOf(await deliverCallback(ctx, callback, cookie)));
  secrets.add(oauthToken);
  expect(start.statusCode).toBe(302);
  await sdk('/oauth/authenticate', { token: oauthToken, session_duration_minutes: 60 });

  const log = logged.join('');
  expect(logged.length).toBeGreaterThan(50);
  expect(secrets.size).toBeGreaterThan(25);
  // The dev outbox names the kind of message and its recipient, and nothing from the message.
  for (const line of [
    'email stored in the dev outbox (magic link) for logs-ml@example.com: http://localhost/dev/outbox',
    'email stored in the dev outbox (passcode) for logs-otp@example.com',
    'email stored in the dev outbox (password reset) for logs-pw@example.com',
    'email stored in the dev outbox (password changed notice) for logs-pw@example.com',
    'SMS stored in the dev outbox (passcode) for +14155550142',
  ])
    expect(log).toContain(line);
  expect(log).not.toMatch(/"subject"|"text"|"html"/);
  for (const secret of secrets) {
    // A 6-digit code is looked for as a whole number, not inside a longer run of digits or hex.
    const found = /^\d{6}$/.test(secret)
      ? new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`).test(log)
      : log.includes(secret);
    expect(found, `a secret (${secret.slice(0, 4)}…) appears in the log`).toBe(false);
  }
});
