// Where the end-to-end stack runs; shared by the Playwright config and the tests.
//
// Each Playwright worker has a whole stack of its own (provider, demo page, Clickwise, the
// Next.js example and the stand-ins), so two specs never share a provider: several specs move
// the provider's development clock forward (POST /dev/clock, it never goes back), which would
// expire what a spec running beside them holds. A worker picks its stack by TEST_PARALLEL_INDEX
// (0 … workers − 1); each server of the stack is started with E2E_STACK set to that number.
import { fileURLToPath } from 'node:url';

/**
 * How many stacks the config starts, one per worker (E2E_STACKS, default 1). On this project's
 * 2-core CI machine two were no faster: the suite is bound by CPU (Chromium rendering,
 * argon2id, seeding): on a quiet machine the whole suite took 1 170 s on two stacks and 1 156 s on
 * one, which also starts half the servers. Machines with more cores can set E2E_STACKS=2 or more.
 */
export const STACK_COUNT = Math.max(1, Number(process.env.E2E_STACKS ?? 1) || 1);

/** Everything a spec or a server needs to know about stack `index`. */
export function stackAt(index: number) {
  const ports = {
    provider: 4400 + index,
    demo: 4500 + index,
    rangeApi: 4600 + index,
    fakeGoogle: 4700 + index,
    clickwise: 4800 + index,
    recaptcha: 4900 + index,
    nextjsExample: 4320 + index,
  } as const;
  const suffix = index === 0 ? '' : `-${index}`;
  return {
    index,
    ports,
    /** The e2e stand-in for Google (e2e/support/fake-google): an OpenID issuer and the client the provider uses. */
    fakeGoogle: {
      issuer: `http://127.0.0.1:${ports.fakeGoogle}`,
      clientId: 'latchkey-e2e.apps.example.com',
      clientSecret: 'fake-google-client-secret',
    },
    /** The e2e stand-in for reCAPTCHA Enterprise (e2e/support/fake-recaptcha): its script, its assessments API and key. */
    fakeRecaptcha: {
      url: `http://127.0.0.1:${ports.recaptcha}`,
      scriptUrl: `http://127.0.0.1:${ports.recaptcha}/recaptcha/enterprise.js`,
      assessmentUrl: `http://127.0.0.1:${ports.recaptcha}/v1/projects/latchkey-e2e/assessments`,
      apiKey: 'fake-recaptcha-api-key',
      siteKey: '6LcTestKey-e2e',
    },
    rangeApiUrl: `http://127.0.0.1:${ports.rangeApi}`,
    providerUrl: `http://localhost:${ports.provider}`,
    demoUrl: `http://localhost:${ports.demo}`,
    clickwiseUrl: `http://localhost:${ports.clickwise}`,
    /** examples/nextjs, built once (scripts/lib.mjs) and run with `next start` (e2e/support/serve-nextjs-example.ts). */
    nextjsExampleUrl: `http://localhost:${ports.nextjsExample}`,
    /** Clickwise's own PGlite directory (the provider's start empties e2eDataDir). */
    clickwiseDataDir: fileURLToPath(new URL(`../../.tmp/e2e-clickwise${suffix}`, import.meta.url)),
    e2eDataDir: fileURLToPath(new URL(`../../.tmp/e2e-data${suffix}`, import.meta.url)),
  };
}

/** This process's stack: a worker's (TEST_PARALLEL_INDEX), a server's (E2E_STACK), else the first. */
export const stack = stackAt(Number(process.env.TEST_PARALLEL_INDEX ?? process.env.E2E_STACK ?? 0));
export const {
  ports,
  fakeGoogle,
  fakeRecaptcha,
  rangeApiUrl,
  providerUrl,
  demoUrl,
  clickwiseUrl,
  nextjsExampleUrl,
  clickwiseDataDir,
  e2eDataDir,
} = stack;
export const screenshotDir = fileURLToPath(new URL('../../.tmp/e2e-screenshots', import.meta.url));
