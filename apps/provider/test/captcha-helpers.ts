/** The calls captcha guards, driven through the real HTTP API, and the state a refused call must leave alone. */
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { ethereumWallet } from './crypto-wallet-helpers.js';
import { STRONG_PASSWORD } from './password-helpers.js';
import type { AssessmentApiServer } from './recaptcha-assessment-server.js';
import { rowCounts } from './row-counts.js';
import { freshAddressesIn } from './sdk-call.js';
import { sdkHeaders, type TestContext, type TestContextOptions } from './test-app.js';
import { useTestContext } from './use-test-context.js';

/** The site key of the captcha'd development project in these tests. */
export const TEST_SITE_KEY = '6LcTestSiteKey_captcha-1';
/** The browser the calls claim to come from (sent on as the assessment's userAgent). */
export const TEST_USER_AGENT = 'Mozilla/5.0 (captcha test)';
/** The account `password sign-in` signs in to; created by givenCaptchaUser. */
export const KNOWN_EMAIL = 'captcha-known@example.com';

/** A client address no other call used (the lookup and send limits count per network). */
export const freshCaptchaIp = freshAddressesIn(42);

let nextEmail = 0;
const freshEmail = () => {
  nextEmail += 1;
  return `captcha-${nextEmail}@example.com`;
};

/** POSTs `payload` to `/sdk/v1{path}` as the SDK on the demo page would, signed out. */
export function postSdk(
  ctx: TestContext,
  path: string,
  payload: Record<string, unknown>,
  publicToken: string = ctx.dev.public_token,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: `/sdk/v1${path}`,
    headers: { ...sdkHeaders(publicToken), 'user-agent': TEST_USER_AGENT },
    remoteAddress: freshCaptchaIp(),
    payload,
  });
}

/** One captcha'd call; `token` undefined leaves `captcha_token` out of the body. */
export interface CaptchaCall {
  name: string;
  /** `rightPassword` only matters to password sign-in, which otherwise sends a wrong one. */
  send(ctx: TestContext, token: string | undefined, rightPassword?: boolean): Promise<LightMyRequestResponse>;
}

const tokenField = (token: string | undefined) => (token === undefined ? {} : { captcha_token: token });
const PHONES = { sms: '+14155552671', whatsapp: '+447911123456' } as const;

/** Every call of docs/contracts.md "Captcha", with a body that succeeds when the captcha passes. */
export const CAPTCHA_CALLS: readonly CaptchaCall[] = [
  ...(['login_or_create', 'send/primary'] as const).map((path) => ({
    name: `magic link ${path}`,
    send: (ctx: TestContext, token: string | undefined) =>
      postSdk(ctx, `/magic_links/email/${path}`, { email: freshEmail(), ...tokenField(token) }),
  })),
  ...(['email', 'sms', 'whatsapp'] as const).flatMap((channel) =>
    (['login_or_create', 'send/primary'] as const).map((path) => ({
      name: `otp ${channel} ${path}`,
      send: (ctx: TestContext, token: string | undefined) =>
        postSdk(ctx, `/otps/${channel}/${path}`, {
          ...(channel === 'email' ? { email: freshEmail() } : { phone_number: PHONES[channel] }),
          ...tokenField(token),
        }),
    })),
  ),
  {
    name: 'password sign-up',
    send: (ctx, token) =>
      postSdk(ctx, '/passwords', {
        email: freshEmail(),
        password: STRONG_PASSWORD,
        session_duration_minutes: 60,
        ...tokenField(token),
      }),
  },
  {
    name: 'password sign-in',
    send: (ctx, token, rightPassword = false) =>
      postSdk(ctx, '/passwords/authenticate', {
        email: KNOWN_EMAIL,
        password: rightPassword ? STRONG_PASSWORD : 'not-the-password-at-all-41',
        session_duration_minutes: 60,
        ...tokenField(token),
      }),
  },
  {
    name: 'password reset start',
    send: (ctx, token) =>
      postSdk(ctx, '/passwords/email/reset/start', { email: KNOWN_EMAIL, ...tokenField(token) }),
  },
  {
    name: 'crypto wallet start/primary',
    send: (ctx, token) =>
      postSdk(ctx, '/crypto_wallets/authenticate/start/primary', {
        crypto_wallet_address: ethereumWallet().address,
        crypto_wallet_type: 'ethereum',
        ...tokenField(token),
      }),
  },
];

/** Creates KNOWN_EMAIL's password account through the API with a good token. */
export async function givenCaptchaUser(ctx: TestContext, api: AssessmentApiServer): Promise<void> {
  const response = await postSdk(ctx, '/passwords', {
    email: KNOWN_EMAIL,
    password: STRONG_PASSWORD,
    captcha_token: api.token(),
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
}

/**
 * Everything a refused call could have changed: rows of every table it writes, every rate-limit
 * bucket's hits and every failed-login counter (the send outbox is `outbox_messages`).
 */
export async function captchaState(ctx: TestContext) {
  return {
    counts: await rowCounts(ctx, [
      'users',
      'emails',
      'sessions',
      'magic_links',
      'otp_codes',
      'outbox_messages',
      'phone_numbers',
      'passwords',
      'password_resets',
      'login_failures',
      'rate_limit_buckets',
      'crypto_wallet_challenges',
    ]),
    buckets: await ctx.db
      .selectFrom('rate_limit_buckets')
      .select(['scope', 'key_hash', 'hits'])
      .orderBy('scope')
      .orderBy('key_hash')
      .execute(),
    failures: await ctx.db
      .selectFrom('login_failures')
      .select(['scope', 'key_hash', 'failures'])
      .orderBy('scope')
      .orderBy('key_hash')
      .execute(),
  };
}

/**
 * The file's (or describe block's) test context whose development project has captcha on, as
 * useTestContext builds it, and the app's log lines. Pass a function when the options need
 * awaiting or come from an earlier beforeAll.
 */
export function useCaptchaContext(
  options: TestContextOptions | (() => TestContextOptions | Promise<TestContextOptions>) = {},
) {
  const logLines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const ctx = useTestContext(async () => ({
    logger: pino({ level: 'warn' }, sink),
    devProject: { captchaSiteKey: TEST_SITE_KEY },
    ...(typeof options === 'function' ? await options() : options),
  }));
  return { ctx, logLines };
}
