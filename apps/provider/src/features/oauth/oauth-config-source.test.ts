/** The OAuth configuration a sign-in uses: a project pointed at the development issuer gets its current client. */
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/use-test-context.js';
import { cryptoRandom } from '../../random.js';
import { createOAuthConfigSource, type DevUpstreamIssuer } from './oauth-config-source.js';
import { saveOAuthConfig } from './oauth-config-store.js';
import type { UpstreamConfig } from './upstream/upstream-config.js';

const ctx = useTestContext();
const sealing = () => ({ keyEncryptionSecret: 'k', random: cryptoRandom, clock: ctx.clock });
const ISSUER = 'http://localhost:4000/dev/oidc';
const devIssuer: DevUpstreamIssuer = {
  upstreamConfig: (providerType) => ({
    providerType,
    kind: 'oidc',
    clientId: `latchkey-dev-${providerType}`,
    clientSecret: 'minted-this-start',
    issuer: ISSUER,
    scopes: ['openid', 'email', 'profile'],
  }),
};

function config(clientId: string, issuer = ISSUER): UpstreamConfig {
  return {
    providerType: 'google',
    kind: 'oidc',
    clientId,
    clientSecret: 'typed-in-the-console',
    issuer,
    scopes: ['openid'],
  };
}

describe('a project configured with the development issuer', () => {
  it('signs in with the issuer’s current client; any other configuration is used as stored', async () => {
    const { project } = await ctx.givenProject({});
    const source = createOAuthConfigSource({ db: ctx.db, keyEncryptionSecret: 'k', devIssuer });
    await saveOAuthConfig(ctx.db, sealing(), project.id, config('latchkey-dev-google'));
    expect((await source.load(project, 'google'))?.clientSecret).toBe('minted-this-start');

    await saveOAuthConfig(ctx.db, sealing(), project.id, config('my-own-client'));
    expect((await source.load(project, 'google'))?.clientSecret).toBe('typed-in-the-console');

    // Production has no development issuer: the stored configuration is all there is.
    await saveOAuthConfig(ctx.db, sealing(), project.id, config('latchkey-dev-google'));
    const production = createOAuthConfigSource({ db: ctx.db, keyEncryptionSecret: 'k' });
    expect((await production.load(project, 'google'))?.clientSecret).toBe('typed-in-the-console');
  });
});
