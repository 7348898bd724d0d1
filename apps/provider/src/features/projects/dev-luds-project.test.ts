/** The development LUDS project and .data/luds-project.json, for the demo page's `?project=luds` (issue 17 item 11). */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { createManualClock } from '../../clock.js';
import { cryptoRandom } from '../../random.js';
import { devLudsProjectFilePath, ensureDevLudsProject } from './dev-luds-project.js';
import { createProject } from './projects.service.js';

let database: TestDatabase;
let dataDir: string;
const deps = () => ({ clock: createManualClock(), random: cryptoRandom, dataDir });

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'latchkey-luds-project-'));
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const rowOf = (id: string) =>
  database.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

it('creates a development project judged by LUDS (10 characters, 3 kinds) and writes its file', async () => {
  const { credentials, outcome } = await ensureDevLudsProject(database.db, deps());
  expect(outcome).toBe('created');
  const file = JSON.parse(readFileSync(devLudsProjectFilePath(dataDir), 'utf8'));
  expect(file).toEqual(credentials);
  expect(statSync(devLudsProjectFilePath(dataDir)).mode & 0o777).toBe(0o600);
  const row = await rowOf(file.project_id);
  expect(row.is_dev).toBe(true);
  expect(row.name).toBe('LUDS demo');
  expect(row.password_strength_policy).toBe('luds');
  expect(row.password_luds_minimum_count).toBe(10);
  expect(row.password_luds_complexity).toBe(3);
});

it('reuses it on restart, and recreates it from the file when the database lost it', async () => {
  const before = readFileSync(devLudsProjectFilePath(dataDir), 'utf8');
  expect((await ensureDevLudsProject(database.db, deps())).outcome).toBe('reused');
  const { project_id } = JSON.parse(before);
  await database.db.deleteFrom('projects').where('id', '=', project_id).execute();
  expect((await ensureDevLudsProject(database.db, deps())).outcome).toBe('restored');
  expect(readFileSync(devLudsProjectFilePath(dataDir), 'utf8')).toBe(before);
  expect((await rowOf(project_id)).password_strength_policy).toBe('luds');
});

it('keeps a LUDS project the file names with other rules (the e2e stack makes its own with the CLI)', async () => {
  const { credentials } = await createProject(database.db, deps(), {
    name: 'LUDS e2e',
    passwordConfig: { strengthPolicy: 'luds', ludsMinimumCount: 12, ludsComplexity: 4 },
  });
  writeFileSync(devLudsProjectFilePath(dataDir), JSON.stringify(credentials));
  const { credentials: kept, outcome } = await ensureDevLudsProject(database.db, deps());
  expect(outcome).toBe('reused');
  expect(kept).toEqual(credentials);
});
