/**
 * docs/quickstart-nextjs.md is followed literally by the e2e test of examples/nextjs: every code
 * block that names a file is that example file, whole, and every file of the example's app is on
 * the page, so what the e2e proves is what a reader who copies the page gets.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractCodeBlocks } from '../../../e2e/support/extract-doc-code.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const example = join(repo, 'examples/nextjs');
const blocks = extractCodeBlocks(join(repo, 'docs/quickstart-nextjs.md'));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** What create-next-app writes and the quickstart leaves as it is. */
const LEFT_AS_CREATED = ['app/layout.tsx', 'app/globals.css'];

describe('docs/quickstart-nextjs.md', () => {
  it('shows each example file whole, as it is in examples/nextjs', () => {
    const fileBlocks = blocks.filter((block) => block.file !== undefined);
    expect(fileBlocks.length).toBeGreaterThan(5);
    for (const block of fileBlocks) {
      const path = join(example, block.file ?? '');
      expect(existsSync(path), `${block.file} is in examples/nextjs`).toBe(true);
      expect(block.code, block.file).toBe(readFileSync(path, 'utf8'));
    }
  });

  it('leaves no file of the example app out', () => {
    const shown = new Set(blocks.map((block) => block.file));
    const appFiles = [...filesUnder(join(example, 'app')).map((path) => relative(example, path)), 'proxy.ts'];
    expect(appFiles.filter((file) => !shown.has(file) && !LEFT_AS_CREATED.includes(file))).toEqual([]);
  });

  it('installs exactly the Latchkey packages the example depends on', () => {
    const install = blocks.find((block) => block.lang === 'sh' && block.code.includes('npm install'));
    const installed = install?.code.match(/@latchkey\/[a-z]+/g) ?? [];
    const manifest = JSON.parse(readFileSync(join(example, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const used = Object.keys(manifest.dependencies).filter((name) => name.startsWith('@latchkey/'));
    expect(installed.sort()).toEqual(used.sort());
  });
});
