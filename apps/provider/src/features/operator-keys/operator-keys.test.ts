/** Operator keys: LATCHKEY_OPERATOR_KEY, the development key file, and their refusals. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { useTestContext } from '../../../test/use-test-context.js';
import { ConfigError, loadConfig } from '../../config.js';
import { isApiError } from '../../errors/api-error.js';
import { cryptoRandom } from '../../random.js';
import { devOperatorKeyFilePath, ensureDevOperatorKey, readDevOperatorKey } from './dev-operator-key.js';
import { createOperatorAuthenticator, ENV_OPERATOR_ID } from './operator-auth.js';
import { revokeOperatorKeyById } from './operator-keys.service.js';

const ctx = useTestContext();
const ENV_KEY = 'an-operator-key-from-the-environment-0123456789';

const requestWith = (authorization: string | undefined) =>
  ({ headers: authorization === undefined ? {} : { authorization } }) as unknown as FastifyRequest;

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error.code;
}

describe('LATCHKEY_OPERATOR_KEY', () => {
  it('is accepted as operator `env`, and nothing like it is', async () => {
    const operators = createOperatorAuthenticator({ db: ctx.db, clock: ctx.clock, envKey: ENV_KEY });
    expect(await operators.authenticate(requestWith(`Bearer ${ENV_KEY}`))).toEqual({ id: ENV_OPERATOR_ID });
    expect(await refusal(operators.authenticate(requestWith(`Bearer ${ENV_KEY}x`)))).toBe(
      'operator_credential_required',
    );
    const withoutEnv = createOperatorAuthenticator({ db: ctx.db, clock: ctx.clock, envKey: undefined });
    expect(await refusal(withoutEnv.authenticate(requestWith(`Bearer ${ENV_KEY}`)))).toBe(
      'operator_credential_required',
    );
  });

  it('must be at least 32 characters, or the provider refuses to start', () => {
    expect(() => loadConfig({ LATCHKEY_OPERATOR_KEY: 'short' }, { requireTransports: false })).toThrow(
      ConfigError,
    );
    expect(loadConfig({ LATCHKEY_OPERATOR_KEY: ENV_KEY }, { requireTransports: false }).operatorKey).toBe(
      ENV_KEY,
    );
  });
});

describe('the development operator key', () => {
  it('is written owner-only, reused while live, and replaced once revoked', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-operator-key-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const deps = { clock: ctx.clock, random: cryptoRandom, dataDir };
    const first = await ensureDevOperatorKey(ctx.db, deps);
    expect(first.outcome).toBe('created');
    expect(statSync(devOperatorKeyFilePath(dataDir)).mode & 0o777).toBe(0o600);
    const stored = readDevOperatorKey(dataDir);
    expect(stored?.key_id).toBe(first.keyId);
    const operators = createOperatorAuthenticator({ db: ctx.db, clock: ctx.clock, envKey: undefined });
    expect(await operators.authenticate(requestWith(`Bearer ${stored?.secret}`))).toEqual({
      id: first.keyId,
    });
    // The database keeps only the hash.
    const row = await ctx.db
      .selectFrom('operator_keys')
      .selectAll()
      .where('id', '=', first.keyId)
      .executeTakeFirst();
    expect(JSON.stringify(row)).not.toContain(stored?.secret);

    expect(await ensureDevOperatorKey(ctx.db, deps)).toEqual({ keyId: first.keyId, outcome: 'reused' });
    await revokeOperatorKeyById(ctx.db, ctx.clock, first.keyId);
    expect(await refusal(operators.authenticate(requestWith(`Bearer ${stored?.secret}`)))).toBe(
      'invalid_operator_key',
    );
    const second = await ensureDevOperatorKey(ctx.db, deps);
    expect(second.outcome).toBe('created');
    expect(second.keyId).not.toBe(first.keyId);
    expect(JSON.parse(readFileSync(devOperatorKeyFilePath(dataDir), 'utf8')).key_id).toBe(second.keyId);

    writeFileSync(devOperatorKeyFilePath(dataDir), '{"key_id":"operator-key-x","secret":"forged"}');
    expect(readDevOperatorKey(dataDir)).toBeUndefined();
    expect((await ensureDevOperatorKey(ctx.db, deps)).outcome).toBe('created');
  });
});
