// Where the end-to-end stack runs; shared by the Playwright config and the tests.
import { fileURLToPath } from 'node:url';

export const ports = { provider: 4400, demo: 4500, rangeApi: 4600 } as const;
export const rangeApiUrl = `http://127.0.0.1:${ports.rangeApi}`;
export const providerUrl = `http://localhost:${ports.provider}`;
export const demoUrl = `http://localhost:${ports.demo}`;
export const e2eDataDir = fileURLToPath(new URL('../../.tmp/e2e-data', import.meta.url));
export const screenshotDir = fileURLToPath(new URL('../../.tmp/e2e-screenshots', import.meta.url));
