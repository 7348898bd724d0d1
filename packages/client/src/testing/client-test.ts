/** @module testing/client-test — the client tests' `it`: each test's clients over the fakes end with the test. */

import { it as vitestIt } from 'vitest';
import { destroyTestClients } from './fakes.js';

/**
 * Vitest's `it` with an automatic fixture that destroys every client `createTestClient` built once
 * the test ends (timers, listeners and pending refreshes stop), so no file opens with an
 * `afterEach`. A test may still call `destroyTestClients()` itself to end its first clients before
 * it builds others; the fixture then ends the rest.
 */
export const it = vitestIt.extend<{ endsTestClients: undefined }>({
  endsTestClients: [
    // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      await use(undefined);
      destroyTestClients();
    },
    { auto: true },
  ],
});
