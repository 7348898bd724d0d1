/** The upstream OAuth client's tests: a fresh manual clock, fake OpenID provider and client for each test. */
import { afterEach, beforeEach } from 'vitest';
import { createManualClock, type ManualClock } from '../src/clock.js';
import { s256Challenge } from '../src/crypto/pkce.js';
import { createUpstreamClient, type UpstreamClient } from '../src/features/oauth/upstream/upstream-client.js';
import type { UpstreamConfig } from '../src/features/oauth/upstream/upstream-config.js';
import { cryptoRandom } from '../src/random.js';
import {
  type FakeCallback,
  type FakeOpenIdProvider,
  startFakeOpenIdProvider,
} from './fake-openid-provider.js';
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

/** What the browser brings back from the fake: the code, the PKCE verifier and nonce its start used, and the callback. */
export interface AuthorizedCode {
  code: string;
  verifier: string;
  nonce: string;
  /** The callback's parameters, from its query or (Apple's form_post) its form. */
  params: Record<string, string>;
  callback: FakeCallback;
}

/** The browser's part of a sign-in: start at `fake` through `client`, let the fake approve, come back with a code. */
export async function authorizedCodeAt(
  fake: FakeOpenIdProvider,
  client: UpstreamClient,
  config: UpstreamConfig,
  redirectUri: string,
): Promise<AuthorizedCode> {
  const verifier = client.randomValue();
  const nonce = client.randomValue();
  const url = await client.authorizationUrl(config, {
    redirectUri,
    state: client.randomValue(),
    nonce,
    codeChallenge: s256Challenge(verifier),
  });
  const callback = await fake.authorize(url);
  const params = callback.method === 'GET' ? callback.params : callback.form;
  return { code: params.code as string, verifier, nonce, params, callback };
}
