/** A file's fake OpenID provider, on the test context's clock and configured for the dev project. */
import { type FakeOpenIdProvider, startFakeOpenIdProvider } from './fake-openid-provider.js';
import { fileScoped } from './file-scoped.js';
import { givenOAuthConfig } from './oauth-helpers.js';
import type { TestContext } from './test-app.js';

/**
 * Starts the fake before the file's first test (after `ctx` is built), saves the dev project's
 * OAuth config for each of `providerTypes` against it, and closes it after the file's last test
 * (before `ctx` closes). Call it after `useTestContext()`.
 */
export function useFakeOpenIdProvider(ctx: TestContext, ...providerTypes: string[]): FakeOpenIdProvider {
  return fileScoped(
    'the fake OpenID provider',
    async () => {
      const fake = await startFakeOpenIdProvider({ clock: ctx.clock });
      for (const providerType of providerTypes) await givenOAuthConfig(ctx, fake, providerType);
      return fake;
    },
    (fake) => fake.close(),
  );
}
