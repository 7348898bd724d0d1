/** The development LUDS project and .data/luds-project.json, for the demo page's `?project=luds` (issue 17 item 11). */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { useDevProjectFiles } from '../../../test/use-dev-project-files.js';
import { devLudsProjectFilePath, ensureDevLudsProject } from './dev-luds-project.js';
import { createProject } from './projects.service.js';

const files = useDevProjectFiles('latchkey-luds-project-');

const rowOf = (id: string) =>
  files.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

it('creates a development project judged by LUDS (10 characters, 3 kinds) and writes its file', async () => {
  const { credentials, outcome } = await ensureDevLudsProject(files.db, files.deps());
  expect(outcome).toBe('created');
  const file = JSON.parse(readFileSync(devLudsProjectFilePath(files.dataDir), 'utf8'));
  expect(file).toEqual(credentials);
  expect(statSync(devLudsProjectFilePath(files.dataDir)).mode & 0o777).toBe(0o600);
  const row = await rowOf(file.project_id);
  expect(row.is_dev).toBe(true);
  expect(row.name).toBe('LUDS demo');
  expect(row.password_strength_policy).toBe('luds');
  expect(row.password_luds_minimum_count).toBe(10);
  expect(row.password_luds_complexity).toBe(3);
});

it('reuses it on restart, and recreates it from the file when the database lost it', async () => {
  const before = readFileSync(devLudsProjectFilePath(files.dataDir), 'utf8');
  expect((await ensureDevLudsProject(files.db, files.deps())).outcome).toBe('reused');
  const { project_id } = JSON.parse(before);
  await files.db.deleteFrom('projects').where('id', '=', project_id).execute();
  expect((await ensureDevLudsProject(files.db, files.deps())).outcome).toBe('restored');
  expect(readFileSync(devLudsProjectFilePath(files.dataDir), 'utf8')).toBe(before);
  expect((await rowOf(project_id)).password_strength_policy).toBe('luds');
});

it('keeps a LUDS project the file names with other rules (the e2e stack makes its own with the CLI)', async () => {
  const { credentials } = await createProject(files.db, files.deps(), {
    name: 'LUDS e2e',
    passwordConfig: { strengthPolicy: 'luds', ludsMinimumCount: 12, ludsComplexity: 4 },
  });
  writeFileSync(devLudsProjectFilePath(files.dataDir), JSON.stringify(credentials));
  const { credentials: kept, outcome } = await ensureDevLudsProject(files.db, files.deps());
  expect(outcome).toBe('reused');
  expect(kept).toEqual(credentials);
});
