/**
 * The fenced code blocks of a Markdown guide, so a test can follow the guide literally: it writes
 * the blocks tagged with a file (```` ```tsx file=src/App.tsx ````) into a scratch app and runs
 * the commands the guide gives, instead of keeping a second copy of the code that could drift.
 */
import { readFileSync } from 'node:fs';

export interface DocCodeBlock {
  /** The fence's language (`tsx`, `sh`, …), '' when none. */
  lang: string;
  /** The `file=PATH` (or `title="PATH"`) of the fence's info string, when tagged. */
  file?: string;
  code: string;
}

const FENCE = /^(`{3,}|~{3,})[ \t]*([^\n]*)\n([\s\S]*?)^\1[ \t]*$/gm;

/** Every fenced block of the Markdown file, in order. */
export function extractCodeBlocks(markdownPath: string): DocCodeBlock[] {
  const markdown = readFileSync(markdownPath, 'utf8');
  const blocks: DocCodeBlock[] = [];
  for (const [, , info = '', code = ''] of markdown.matchAll(FENCE)) {
    const [lang = '', ...rest] = info.trim().split(/\s+/);
    const attributes = rest.join(' ');
    const file = /(?:^|\s)(?:file|title)=(?:"([^"]+)"|(\S+))/.exec(attributes);
    blocks.push({ lang, ...(file ? { file: file[1] ?? file[2] } : {}), code });
  }
  return blocks;
}

/** The blocks tagged with a file, as path → contents (a file named twice is a mistake in the guide). */
export function codeFiles(markdownPath: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const block of extractCodeBlocks(markdownPath)) {
    if (block.file === undefined) continue;
    if (block.file in files) throw new Error(`${markdownPath} gives ${block.file} twice`);
    files[block.file] = block.code;
  }
  return files;
}
