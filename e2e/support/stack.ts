// Where the end-to-end stack runs; shared by the Playwright config and the tests.
import { fileURLToPath } from 'node:url';

export const ports = {
  provider: 4400,
  demo: 4500,
  rangeApi: 4600,
  clickwise: 4800,
  recaptcha: 4900,
  nextjsExample: 4320,
} as const;
/** The e2e stand-in for Google (e2e/support/fake-google): an OpenID issuer and the client the provider uses. */
export const fakeGoogle = {
  issuer: 'http://127.0.0.1:4700',
  clientId: 'latchkey-e2e.apps.example.com',
  clientSecret: 'fake-google-client-secret',
} as const;
/** The e2e stand-in for reCAPTCHA Enterprise (e2e/support/fake-recaptcha): its script, its assessments API and key. */
export const fakeRecaptcha = {
  url: `http://127.0.0.1:${ports.recaptcha}`,
  scriptUrl: `http://127.0.0.1:${ports.recaptcha}/recaptcha/enterprise.js`,
  assessmentUrl: `http://127.0.0.1:${ports.recaptcha}/v1/projects/latchkey-e2e/assessments`,
  apiKey: 'fake-recaptcha-api-key',
  siteKey: '6LcTestKey-e2e',
} as const;
export const rangeApiUrl = `http://127.0.0.1:${ports.rangeApi}`;
export const providerUrl = `http://localhost:${ports.provider}`;
export const demoUrl = `http://localhost:${ports.demo}`;
export const clickwiseUrl = `http://localhost:${ports.clickwise}`;
/** examples/nextjs, built once (scripts/lib.mjs) and run with `next start` (e2e/support/serve-nextjs-example.ts). */
export const nextjsExampleUrl = `http://localhost:${ports.nextjsExample}`;
/** Clickwise's own PGlite directory (the provider's start empties e2eDataDir). */
export const clickwiseDataDir = fileURLToPath(new URL('../../.tmp/e2e-clickwise', import.meta.url));
export const e2eDataDir = fileURLToPath(new URL('../../.tmp/e2e-data', import.meta.url));
export const screenshotDir = fileURLToPath(new URL('../../.tmp/e2e-screenshots', import.meta.url));
