/** The upstream OAuth client's tests: a fresh manual clock, fake OpenID provider and client for each test. */
import { afterEach, beforeEach } from 'vitest';
import { createManualClock, type ManualClock } from '../src/clock.js';
import { createUpstreamClient, type UpstreamClient } from '../src/features/oauth/upstream/upstream-client.js';
import { cryptoRandom } from '../src/random.js';
import { type FakeOpenIdProvider, startFakeOpenIdProvider } from './fake-openid-provider.js';
import { readThroughView } from './read-through-view.js';

/** What each test gets: the clock, the fake on it, and a client on the same clock. */
export interface UpstreamTestbed {
  clock: ManualClock;
  fake: FakeOpenIdProvider;
  client: UpstreamClient;
}

/**
 * Builds the three before each test and closes the fake after it, as the files' own
 * `let …; beforeEach(…); afterEach(…)` did; the returned names read through to the current test's.
 */
export function useUpstreamTestbed(): UpstreamTestbed {
  let built: UpstreamTestbed | undefined;
  beforeEach(async () => {
    const clock = createManualClock();
    const fake = await startFakeOpenIdProvider({ clock });
    // The production time-out: a busy machine must not turn a slow loopback answer into a 503.
    built = { clock, fake, client: createUpstreamClient({ clock, random: cryptoRandom }) };
  });
  afterEach(async () => {
    await built?.fake.close();
    built = undefined;
  });
  const current = (): UpstreamTestbed => {
    if (!built) throw new Error('the upstream testbed is read outside a test');
    return built;
  };
  return {
    clock: readThroughView(() => current().clock),
    fake: readThroughView(() => current().fake),
    client: readThroughView(() => current().client),
  };
}
