/** The dev project and .data/dev-project.json (docs/contracts.md "Development defaults"). */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDevProjectFiles } from '../../../test/use-dev-project-files.js';
import { sha256Base64url } from '../../crypto/hash.js';
import { DEV_DEFAULT_REDIRECT_URL, devProjectFilePath, ensureDevProject } from './dev-project.js';
import { createProject } from './projects.service.js';

const files = useDevProjectFiles('latchkey-dev-project-');

it('creates the project and writes exactly project_id, public_token and secret (owner-only)', async () => {
  const { credentials, outcome } = await ensureDevProject(files.db, files.deps());
  expect(outcome).toBe('created');
  const file = JSON.parse(readFileSync(devProjectFilePath(files.dataDir), 'utf8'));
  expect(Object.keys(file)).toEqual(['project_id', 'public_token', 'secret']);
  expect(file).toEqual(credentials);
  expect(file.project_id).toMatch(/^project-test-[0-9a-f-]{36}$/);
  expect(file.public_token).toMatch(/^public-token-test-[0-9a-f-]{36}$/);
  expect(file.secret).toMatch(/^secret-test-[A-Za-z0-9_-]{43}$/);
  expect(statSync(devProjectFilePath(files.dataDir)).mode & 0o777).toBe(0o600);
  const row = await files.db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', file.project_id)
    .executeTakeFirstOrThrow();
  expect(row.is_dev).toBe(true);
  expect(row.secret_hash).toBe(sha256Base64url(file.secret));
  expect(JSON.stringify(row)).not.toContain(file.secret);
  expect(row.default_login_redirect_url).toBe(DEV_DEFAULT_REDIRECT_URL);
  // Resend works at once in development; the per-address window cap stays at its default.
  expect(row.send_limits).toEqual({ recipient_interval_seconds: 0 });
});

it('reuses the project on restart', async () => {
  const before = readFileSync(devProjectFilePath(files.dataDir), 'utf8');
  const { outcome } = await ensureDevProject(files.db, files.deps());
  expect(outcome).toBe('reused');
  expect(readFileSync(devProjectFilePath(files.dataDir), 'utf8')).toBe(before);
});

it('recreates the project from the file when the database lost it', async () => {
  const file = JSON.parse(readFileSync(devProjectFilePath(files.dataDir), 'utf8'));
  await files.db.deleteFrom('projects').where('id', '=', file.project_id).execute();
  const { credentials, outcome } = await ensureDevProject(files.db, files.deps());
  expect(outcome).toBe('restored');
  expect(credentials).toEqual(file);
});

it('mints new credentials when the file is unusable', async () => {
  writeFileSync(devProjectFilePath(files.dataDir), '{"project_id": 1}');
  const { credentials, outcome } = await ensureDevProject(files.db, files.deps());
  expect(outcome).toBe('created');
  expect(JSON.parse(readFileSync(devProjectFilePath(files.dataDir), 'utf8'))).toEqual(credentials);
});

describe('a further development project (Clickwise’s, as `npm start` makes it)', () => {
  const clickwiseAt = (port: number) => `http://localhost:${port}/user/authenticate`;
  const clickwise = (port = 3000, name = 'Clickwise') => ({
    key: 'clickwise',
    name,
    loginRedirectUrl: clickwiseAt(port),
    signupRedirectUrl: clickwiseAt(port),
  });
  const rowOf = (id: string) =>
    files.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('gets its own file, tokens and name beside the dev project, which keeps its own', async () => {
    const dev = await ensureDevProject(files.db, files.deps());
    const { credentials, outcome } = await ensureDevProject(files.db, files.deps(), clickwise());
    expect(outcome).toBe('created');
    expect(devProjectFilePath(files.dataDir, 'clickwise')).toBe(
      join(files.dataDir, 'clickwise-project.json'),
    );
    expect(JSON.parse(readFileSync(join(files.dataDir, 'clickwise-project.json'), 'utf8'))).toEqual(
      credentials,
    );
    expect(statSync(join(files.dataDir, 'clickwise-project.json')).mode & 0o777).toBe(0o600);
    expect(credentials.project_id).not.toBe(dev.credentials.project_id);
    expect(credentials.public_token).not.toBe(dev.credentials.public_token);
    const row = await rowOf(credentials.project_id);
    expect(row).toMatchObject({
      name: 'Clickwise',
      is_dev: true,
      default_login_redirect_url: clickwiseAt(3000),
      default_signup_redirect_url: clickwiseAt(3000),
    });
    expect((await rowOf(dev.credentials.project_id)).name).toBe('Development project');
  });

  it('is reused on restart: a name set since stays, redirect URLs follow the port the app now runs on', async () => {
    const { credentials } = await ensureDevProject(files.db, files.deps(), clickwise());
    await files.db
      .updateTable('projects')
      .set({ name: 'Clickwise Ads' })
      .where('id', '=', credentials.project_id)
      .execute();
    const again = await ensureDevProject(files.db, files.deps(), clickwise(3100));
    expect(again).toEqual({ credentials, outcome: 'reused' });
    expect(await rowOf(credentials.project_id)).toMatchObject({
      name: 'Clickwise Ads',
      default_login_redirect_url: clickwiseAt(3100),
      default_signup_redirect_url: clickwiseAt(3100),
    });
  });

  it('is recreated with its name from the file when the database lost it', async () => {
    const file = JSON.parse(readFileSync(join(files.dataDir, 'clickwise-project.json'), 'utf8'));
    await files.db.deleteFrom('projects').where('id', '=', file.project_id).execute();
    const { credentials, outcome } = await ensureDevProject(files.db, files.deps(), clickwise());
    expect({ credentials, outcome }).toEqual({ credentials: file, outcome: 'restored' });
    expect((await rowOf(file.project_id)).name).toBe('Clickwise');
  });

  it('never takes over a project that is not a development project, nor overwrites its file', async () => {
    const { credentials } = await createProject(files.db, files.deps(), { name: 'LUDS demo' });
    const path = join(files.dataDir, 'luds-project.json');
    writeFileSync(path, JSON.stringify(credentials));
    await expect(ensureDevProject(files.db, files.deps(), { key: 'luds', name: 'Taken' })).rejects.toThrow(
      /not a development project/,
    );
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(credentials);
    expect((await rowOf(credentials.project_id)).name).toBe('LUDS demo');
  });

  it('refuses a key that is not a plain file name', () => {
    expect(() => devProjectFilePath(files.dataDir, '../clickwise')).toThrow(/Bad development project key/);
  });
});
