// End-to-end: Debian's Chromium (its headless shell, support/chromium-executable.ts) drives the
// real widget on the demo page against the real provider (embedded PostgreSQL in .tmp/e2e-data).
// Ports differ from `npm start` so both can run at once, and each worker has a stack of its own
// (e2e/support/stack.ts).
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { chromiumArgs } from './support/chromium-args.js';
import { chromiumExecutable } from './support/chromium-executable.js';
import { STACK_COUNT, stack, stackAt } from './support/stack.js';

type Stack = ReturnType<typeof stackAt>;
type TestConfigWebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];

/** The provider's CLI making the stack's further projects once the provider answers (see below). */
function projectSetup({ demoUrl, clickwiseUrl, e2eDataDir, fakeGoogle, fakeRecaptcha }: Stack): string {
  // The demo page's `?project=luds` (LUDS rules: 10 characters, 3 kinds) is the development LUDS
  // project the provider itself makes on start (ensureDevLudsProject, .data/luds-project.json): a
  // development project, so it accepts the demo page on any localhost port. The stack used to make
  // another with the CLI once the provider answered, which left two "LUDS demo" projects.

  // A project that requires Sign-In with Ethereum (EIP-4361) messages for wallets; the demo
  // page picks it with `?login=crypto&project=siwe`.
  const createSiweProject = [
    'node apps/provider/dist/bundle/provider/cli.js project create --name "SIWE demo" --siwe',
    `--origin ${demoUrl}`,
    `--redirect-url '${demoUrl}/authenticate?login=crypto&project=siwe'`,
    `> ${e2eDataDir}/siwe-project.json`,
  ].join(' ');

  // A project that requires a second factor (TOTP, recovery code or SMS code) after every sign-in
  // but a passkey; the demo page picks it with `?login=passwords&project=mfa`.
  const createMfaProject = [
    'node apps/provider/dist/bundle/provider/cli.js project create --name "MFA demo" --mfa',
    `--origin ${demoUrl}`,
    ...['authenticate', 'reset-password'].map(
      (page) => `--redirect-url '${demoUrl}/${page}?login=passwords&project=mfa'`,
    ),
    '--send-limit recipient_interval_seconds=0',
    `> ${e2eDataDir}/mfa-project.json`,
  ].join(' ');

  // A project whose sign-in calls need a reCAPTCHA Enterprise token, judged by the e2e stand-in
  // (e2e/support/fake-recaptcha); the demo page picks it with `?login=passwords&project=captcha` (or `?project=captcha`: magic links).
  const createCaptchaProject = [
    'node apps/provider/dist/bundle/provider/cli.js project create --name "Captcha demo"',
    `--captcha-site-key ${fakeRecaptcha.siteKey}`,
    `--origin ${demoUrl}`,
    ...['authenticate', 'reset-password'].map(
      (page) => `--redirect-url '${demoUrl}/${page}?login=passwords&project=captcha'`,
    ),
    `--redirect-url '${demoUrl}/authenticate?project=captcha'`,
    '--send-limit recipient_interval_seconds=0',
    `> ${e2eDataDir}/captcha-project.json`,
  ].join(' ');

  // Clickwise's own development project, made as `npm start` makes it: its emails say "Clickwise".
  const clickwiseAuthenticate = `${clickwiseUrl}/user/authenticate`;
  const createClickwiseProject = [
    'node apps/provider/dist/bundle/provider/cli.js project create --dev clickwise --name Clickwise',
    `--login-redirect-url ${clickwiseAuthenticate} --signup-redirect-url ${clickwiseAuthenticate}`,
    '> /dev/null',
  ].join(' ');

  // A project whose "Google" is the e2e stand-in (e2e/support/fake-google), with One Tap: the demo
  // page picks it with `?login=oauth&project=google`. The dev project itself has no OAuth
  // configuration, as on a fresh clone: its buttons sign in through the provider's development issuer.
  const googleProjectFile = `${e2eDataDir}/google-project.json`;
  const createGoogleProject = [
    'node apps/provider/dist/bundle/provider/cli.js project create --name "Google demo"',
    `--origin ${demoUrl}`,
    `--redirect-url '${demoUrl}/authenticate?login=oauth&project=google'`,
    `> ${googleProjectFile} &&`,
    'node apps/provider/dist/bundle/provider/cli.js oauth set --provider google',
    `--project $(node -p "require('${googleProjectFile}').project_id")`,
    `--issuer ${fakeGoogle.issuer} --client-id ${fakeGoogle.clientId} --client-secret ${fakeGoogle.clientSecret}`,
    '> /dev/null',
  ].join(' ');

  return [
    createSiweProject,
    createMfaProject,
    createCaptchaProject,
    createClickwiseProject,
    createGoogleProject,
  ].join(' && ');
}

// How long a server may take to answer after its command starts: a hang detector. The provider's
// command also runs six CLI processes once it answers, which took minutes on a loaded box.
const STARTUP_TIMEOUT_MS = 600_000;

export default defineConfig({
  testDir: './tests',
  outputDir: '../.tmp/e2e-results',
  fullyParallel: false,
  // One worker per stack (e2e/support/stack.ts): each runs its specs one after another against a
  // provider no other spec touches, as a single worker did, and the two share the machine's cores.
  workers: STACK_COUNT,
  // The Next.js example checks session JWTs against its own clock, while other specs move the
  // provider's development clock forward (POST /dev/clock, it never goes back): after them, every
  // JWT the provider issues is from the example's future and is refused. So its spec runs first,
  // in a project of its own that the others wait for.
  projects: [
    { name: 'provider-time', testMatch: /nextjs-example\.spec\.ts$/ },
    { name: 'chromium', testIgnore: /nextjs-example\.spec\.ts$/, dependencies: ['provider-time'] },
  ],
  retries: 0,
  // Hang detectors, not speed limits (issue 18): beside a CPU-heavy process the slowest test
  // (16 s on a quiet box) and a single wait can take several times as long, and a passing test
  // never waits for these to run out.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: stack.demoUrl,
    browserName: 'chromium',
    // A failed test keeps its trace (actions, their logs and errors, console), its screenshot, and
    // Playwright's error-context.md (with the page's accessibility tree when a locator's
    // expectation failed). Not its screencast: Chromium painted and encoded every frame of every
    // test for it (4 specs: 268 → 190 CPU-s). Nor DOM snapshots, and with them the network log:
    // every test paid for them (Playwright serialising the whole DOM around each action; the
    // console's big pages most), a fifth of the suite (540 → 472 s, 564 → 459 CPU-s, against 454
    // with no trace at all; issue 18). For a failure's DOM and requests, run its spec again with
    // `--trace on`.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: chromiumArgs(),
    },
  },
  webServer: Array.from({ length: STACK_COUNT }, (_, index) => webServersOf(stackAt(index))).flat(),
});

/** The servers of one stack; every one knows its stack by E2E_STACK (e2e/support/stack.ts). */
function webServersOf(stack: Stack): TestConfigWebServer[] {
  const {
    index,
    ports,
    rangeApiUrl,
    fakeGoogle,
    fakeRecaptcha,
    providerUrl,
    demoUrl,
    clickwiseUrl,
    nextjsExampleUrl,
    e2eDataDir,
    clickwiseDataDir,
  } = stack;
  const E2E_STACK = String(index);
  return [
    {
      // A breached-password range API (Pwned Passwords format) the provider asks beside its list.
      command: 'node --import tsx e2e/support/serve-range-api.ts',
      cwd: '..',
      url: `${rangeApiUrl}/range/00000`,
      reuseExistingServer: false,
      timeout: STARTUP_TIMEOUT_MS,
      env: { E2E_STACK },
    },
    {
      // "Google": a real OpenID provider on loopback, with a stand-in for Google's One Tap script.
      command: 'node --import tsx e2e/support/fake-google/serve-fake-google.ts',
      cwd: '..',
      url: `${fakeGoogle.issuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: STARTUP_TIMEOUT_MS,
      env: { E2E_STACK },
    },
    {
      // "reCAPTCHA Enterprise": its assessments API on loopback, and a stand-in for its script.
      command: 'node --import tsx e2e/support/fake-recaptcha/serve-fake-recaptcha.ts',
      cwd: '..',
      url: `${fakeRecaptcha.url}/recaptcha/enterprise.js`,
      reuseExistingServer: false,
      timeout: STARTUP_TIMEOUT_MS,
      env: { E2E_STACK },
    },
    {
      // Starts the provider on an empty data directory, then makes the projects above with its CLI,
      // over HTTP, and only then prints the line Playwright waits for (the provider answers before).
      command: 'node e2e/support/serve-provider.mjs',
      cwd: '..',
      wait: { stdout: /e2e provider ready/ },
      reuseExistingServer: false,
      timeout: STARTUP_TIMEOUT_MS,
      // The provider's clock can be moved forward to test expiry (POST /dev/clock).
      env: {
        E2E_STACK,
        E2E_PROVIDER_URL: providerUrl,
        E2E_PROVIDER_SETUP: projectSetup(stack),
        PORT: String(ports.provider),
        LATCHKEY_DATA_DIR: e2eDataDir,
        LATCHKEY_DEV_CLOCK: '1',
        LATCHKEY_BREACHED_PASSWORDS_RANGE_URL: `${rangeApiUrl}/range/`,
        LATCHKEY_RECAPTCHA_ASSESSMENT_URL: fakeRecaptcha.assessmentUrl,
        LATCHKEY_RECAPTCHA_API_KEY: fakeRecaptcha.apiKey,
        // Every test signs in from 127.0.0.1: the suite asks for far more emails from one network
        // in 15 minutes than a person would (30). The per-address limits stay as they are.
        LATCHKEY_SEND_LIMIT_PER_IP: '1000',
      },
    },
    {
      command: 'node apps/demo/server.mjs',
      cwd: '..',
      url: `${demoUrl}/demo.css`,
      reuseExistingServer: false,
      timeout: STARTUP_TIMEOUT_MS,
      env: {
        E2E_STACK,
        DEMO_PORT: String(ports.demo),
        PROVIDER_URL: providerUrl,
        LATCHKEY_DATA_DIR: e2eDataDir,
        GOOGLE_SIGN_IN_SCRIPT_URL: `${fakeGoogle.issuer}/gsi/client`,
        RECAPTCHA_SCRIPT_URL: fakeRecaptcha.scriptUrl,
      },
    },
    {
      // Clickwise reads its project (clickwise-project.json) from e2eDataDir when it first needs it.
      command: `rm -rf ${clickwiseDataDir} && node apps/clickwise/server/main.mjs`,
      cwd: '..',
      url: `${clickwiseUrl}/how-estimates-work`,
      reuseExistingServer: false,
      timeout: STARTUP_TIMEOUT_MS,
      env: {
        E2E_STACK,
        CLICKWISE_PORT: String(ports.clickwise),
        CLICKWISE_DATA_DIR: clickwiseDataDir,
        PROVIDER_URL: providerUrl,
        LATCHKEY_DATA_DIR: e2eDataDir,
      },
    },
    {
      // examples/nextjs, built once by scripts/lib.mjs ensureBuilt; signs in to the dev project.
      command: 'node --import tsx e2e/support/serve-nextjs-example.ts',
      cwd: '..',
      url: `${nextjsExampleUrl}/sign-in`,
      reuseExistingServer: false,
      timeout: STARTUP_TIMEOUT_MS,
      env: { E2E_STACK },
    },
  ];
}
