/** Upstream configurations: stored sealed (SECURITY B10), loaded for the upstream client, and managed by `latchkey-provider oauth`. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateOAuth, givenOAuthConfig, signInAtFake, tokenOf } from '../../../test/oauth-helpers.js';
import { buildTestApp, json } from '../../../test/test-app.js';
import { useFakeOpenIdProvider } from '../../../test/use-fake-openid-provider.js';
import { useTestContext } from '../../../test/use-test-context.js';
import { answerOf, type OperatorApi, OperatorApiError } from '../../cli/operator-api.js';
import { cryptoRandom } from '../../random.js';
import { createOperatorKey } from '../operator-keys/operator-keys.service.js';
import { OAuthCommandError, parseOAuthCommand, runOAuthCommand } from './oauth-cli.js';
import { loadUpstreamConfig } from './oauth-config-store.js';

const KEY_SECRET = 'test-key-encryption-secret';

const ctx = useTestContext();
const fake = useFakeOpenIdProvider(ctx);
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'latchkey-oauth-cli-'));
  writeFileSync(
    join(dataDir, 'dev-project.json'),
    JSON.stringify({
      project_id: ctx.dev.project_id,
      public_token: ctx.dev.public_token,
      secret: ctx.dev.secret,
    }),
  );
});

/**
 * The administration API the CLI calls, here in-process on the test's database; `null`: an app
 * of a deployment without LATCHKEY_KEY_ENCRYPTION_SECRET.
 */
let unsealedApp: FastifyInstance | undefined;
afterAll(async () => {
  await unsealedApp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const deps = async (keyEncryptionSecret: string | null = KEY_SECRET) => {
  const operator = await createOperatorKey(ctx.db, { clock: ctx.clock, random: cryptoRandom }, 'cli tests');
  if (keyEncryptionSecret === null && !unsealedApp) {
    unsealedApp = buildTestApp(ctx.db, ctx.clock, { ...ctx.options, keyEncryptionSecret: null });
    await unsealedApp.ready();
  }
  const app = keyEncryptionSecret === null ? (unsealedApp as FastifyInstance) : ctx.app;
  const api: OperatorApi = async ({ method, path, body }) => {
    const answer = await app.inject({
      method,
      url: path,
      headers: { authorization: `Bearer ${operator.secret}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return answerOf(answer.statusCode, answer.body);
  };
  return {
    api,
    dataDir,
    isUsageMistake: (error: unknown) => error instanceof OperatorApiError && error.isUsageMistake,
  };
};
const noFile = () => {
  throw new Error('no file system here');
};
/** `set --project <id> --provider <name> …`: the command most of these tests build. */
const setArgs = (projectId: string, provider: string, ...options: string[]) => [
  'set',
  '--project',
  projectId,
  '--provider',
  provider,
  ...options,
];
const run = async (
  argv: string[],
  keyEncryptionSecret: string | null = KEY_SECRET,
  readFile: (path: string) => string = noFile,
) => {
  // Parsed first, so a usage mistake is refused before anything is called.
  const command = parseOAuthCommand(argv, readFile);
  return runOAuthCommand(await deps(keyEncryptionSecret), command);
};

async function configRowText(projectId: string, providerType: string): Promise<string> {
  const rows =
    await sql`select * from oauth_provider_configs where project_id = ${projectId} and provider_type = ${providerType}`.execute(
      ctx.db,
    );
  return JSON.stringify(rows.rows);
}

describe('storage', () => {
  it('seals the client secret and the Apple key at rest when a key-encryption secret is set, and opens them on load', async () => {
    const { project } = await ctx.givenProject({});
    await givenOAuthConfig(ctx, fake, 'google', { projectId: project.id });
    await givenOAuthConfig(ctx, fake, 'apple', { projectId: project.id });
    const google = await configRowText(project.id, 'google');
    expect(google).not.toContain(fake.clientSecret);
    expect(google).toContain('"secret_encryption":"aes-256-gcm"');
    const apple = await configRowText(project.id, 'apple');
    expect(apple).not.toContain('PRIVATE KEY');
    expect(await loadUpstreamConfig(ctx.db, KEY_SECRET, project.id, 'google')).toEqual(fake.config('google'));
    expect(await loadUpstreamConfig(ctx.db, KEY_SECRET, project.id, 'apple')).toEqual(fake.config('apple'));
    expect(await loadUpstreamConfig(ctx.db, KEY_SECRET, project.id, 'github')).toBeUndefined();
    // Without the secret a sealed row cannot be used, and says why.
    await expect(loadUpstreamConfig(ctx.db, undefined, project.id, 'google')).rejects.toThrow(
      /sealed but LATCHKEY_KEY_ENCRYPTION_SECRET is not set/,
    );
  });

  it('stores the secret as given when the deployment has no key-encryption secret', async () => {
    const { project } = await ctx.givenProject({});
    const setGoogle = setArgs(
      project.id,
      'google',
      '--client-id',
      'cid',
      '--client-secret',
      'plain-secret',
      '--issuer',
      fake.issuer,
    );
    await run(setGoogle);
    expect(await configRowText(project.id, 'google')).toContain('"secret_encryption":"aes-256-gcm"');
    // The same command again on a deployment without the key-encryption secret.
    await run(setGoogle, null);
    const row = await configRowText(project.id, 'google');
    expect(row).toContain('"client_secret":"plain-secret"');
    expect(row).toContain('"secret_encryption":"none"');
    expect((await loadUpstreamConfig(ctx.db, undefined, project.id, 'google'))?.clientSecret).toBe(
      'plain-secret',
    );
  });

  it('upstream tokens handed over at redemption are sealed while they wait', async () => {
    await givenOAuthConfig(ctx, fake, 'google');
    fake.nextIdentity({ sub: 'sealed-values', email: 'sealed@example.com', email_verified: true });
    const token = tokenOf(await signInAtFake(ctx, fake, 'google'));
    const waiting = await sql`select * from oauth_tokens where used_at is null`.execute(ctx.db);
    const dump = JSON.stringify(waiting.rows);
    expect(dump).toContain('"provider_values_encryption":"aes-256-gcm"');
    const data = json(await authenticateOAuth(ctx, token)).data;
    expect(dump).not.toContain(data.provider_values.access_token);
    expect(dump).not.toContain(data.provider_values.refresh_token);
    expect(dump).not.toContain(token);
  });
});

describe('latchkey-provider oauth', () => {
  it('set → list → remove on the development project (--dev), never printing a secret', async () => {
    const set = await run([
      'set',
      '--dev',
      '--provider',
      'github',
      '--client-id',
      'gh-client',
      '--client-secret',
      'gh-secret-123',
    ]);
    expect(set).toEqual({
      project_id: ctx.dev.project_id,
      provider: expect.objectContaining({
        provider_type: 'github',
        kind: 'oauth2',
        client_id: 'gh-client',
        client_secret_set: true,
        authorization_endpoint: 'https://github.com/login/oauth/authorize',
        token_endpoint: 'https://github.com/login/oauth/access_token',
        userinfo_endpoint: 'https://api.github.com/user',
        scopes: ['read:user', 'user:email'],
        secrets_sealed: true,
      }),
    });
    const listed = await run(['list', '--dev']);
    expect(listed.project_id).toBe(ctx.dev.project_id);
    expect((listed.providers as Array<{ provider_type: string }>).map((p) => p.provider_type)).toContain(
      'github',
    );
    for (const output of [set, listed]) expect(JSON.stringify(output)).not.toContain('gh-secret-123');

    expect(await run(['remove', '--dev', '--provider', 'github'])).toEqual({
      project_id: ctx.dev.project_id,
      provider_type: 'github',
      removed: true,
    });
    await expect(run(['remove', '--dev', '--provider', 'github'])).rejects.toThrow(/has no github provider/);
  });

  it('overrides preset values and scopes, and replaces an earlier configuration', async () => {
    const { project } = await ctx.givenProject({});
    await run(setArgs(project.id, 'google', '--client-id', 'first', '--client-secret', 's'));
    const result = await run(
      setArgs(
        project.id,
        'google',
        '--client-id',
        'second',
        '--client-secret',
        's',
        '--issuer',
        fake.issuer,
        '--scope',
        'openid',
        '--scope',
        'email',
      ),
    );
    expect(result.provider).toMatchObject({
      client_id: 'second',
      issuer: fake.issuer,
      scopes: ['openid', 'email'],
    });
    expect((await run(['list', '--project', project.id])).providers).toHaveLength(1);
  });

  it('Apple reads its .p8 key from the file named', async () => {
    const { project } = await ctx.givenProject({});
    const files: Record<string, string> = { '/keys/AuthKey.p8': fake.appleSigningKey.privateKeyPem };
    const result = await run(
      setArgs(
        project.id,
        'apple',
        '--client-id',
        'com.example.web',
        '--apple-team-id',
        'TEAM123456',
        '--apple-key-id',
        'KEY1234567',
        '--apple-private-key-file',
        '/keys/AuthKey.p8',
      ),
      KEY_SECRET,
      (path: string) => files[path] ?? noFile(),
    );
    expect(result.provider).toMatchObject({
      provider_type: 'apple',
      client_secret_set: false,
      apple_team_id: 'TEAM123456',
      apple_key_id: 'KEY1234567',
      apple_private_key_set: true,
      scopes: ['name', 'email'],
    });
    expect(JSON.stringify(result)).not.toContain('PRIVATE KEY');
  });

  it('refuses bad command lines and bad configurations with a message (usage error, exit 2), storing nothing', async () => {
    const { project } = await ctx.givenProject({});
    const refusals: Array<[string[], RegExp]> = [
      [['frobnicate', '--dev'], /Usage:/],
      [['list'], /exactly one of --project ID and --dev/],
      [['list', '--dev', '--project', project.id], /exactly one of/],
      [['remove', '--dev'], /--provider NAME is required/],
      [['set', '--dev', '--provider', 'google'], /--client-id is required/],
      [['set', '--dev', '--provider', 'google', '--client-id', 'x', '--bogus'], /Unknown option '--bogus'/],
      [
        setArgs(project.id, 'myspace', '--client-id', 'x', '--client-secret', 'y'),
        /Unknown provider "myspace"/,
      ],
      [setArgs(project.id, 'google', '--client-id', 'x'), /client secret is required/],
      [setArgs(project.id, 'gitlab', '--client-id', 'x', '--client-secret', 'y'), /gitlab has no preset/],
      [
        setArgs(
          project.id,
          'google',
          '--client-id',
          'x',
          '--client-secret',
          'y',
          '--issuer',
          'http://accounts.example.com',
        ),
        /https/,
      ],
      [setArgs(project.id, 'apple', '--client-id', 'x', '--apple-team-id', 'T'), /needs all of/],
      [
        setArgs('project-test-missing', 'google', '--client-id', 'x', '--client-secret', 'y'),
        /No project project-test-missing/,
      ],
    ];
    for (const [argv, message] of refusals) {
      const error = await run(argv).catch((caught: unknown) => caught);
      expect(error, argv.join(' ')).toBeInstanceOf(OAuthCommandError);
      expect((error as Error).message, argv.join(' ')).toMatch(message);
    }
    expect((await run(['list', '--project', project.id])).providers).toEqual([]);
  });
});
