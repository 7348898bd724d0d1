/** The guide reader the quickstart tests follow: which blocks it finds and which file each names. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { codeFiles, extractCodeBlocks } from '../e2e/support/extract-doc-code.js';

const dir = mkdtempSync(join(tmpdir(), 'latchkey-doc-code-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function guide(markdown: string): string {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.md`);
  writeFileSync(path, markdown);
  return path;
}

it('reads every fenced block with its language and the file it is tagged with', () => {
  const path = guide(
    [
      'Intro',
      '```sh',
      'npm install x',
      '```',
      '```tsx file=src/App.tsx',
      'export const a = 1;',
      '',
      '```',
      '~~~ts title="src/b.ts"',
      'export const b = "```";',
      '~~~',
      '```',
      'plain',
      '```',
    ].join('\n'),
  );
  expect(extractCodeBlocks(path)).toEqual([
    { lang: 'sh', code: 'npm install x\n' },
    { lang: 'tsx', file: 'src/App.tsx', code: 'export const a = 1;\n\n' },
    { lang: 'ts', file: 'src/b.ts', code: 'export const b = "```";\n' },
    { lang: '', code: 'plain\n' },
  ]);
  expect(codeFiles(path)).toEqual({
    'src/App.tsx': 'export const a = 1;\n\n',
    'src/b.ts': 'export const b = "```";\n',
  });
});

it('refuses a guide that gives one file twice', () => {
  const path = guide('```ts file=a.ts\n1\n```\n```ts file=a.ts\n2\n```\n');
  expect(() => codeFiles(path)).toThrow('gives a.ts twice');
});
