// The code blocks of a Markdown page, so a test can follow a quickstart literally: a fenced block
// whose info string names a file (```tsx file=app/page.tsx) is that file's whole content.
import { readFileSync } from 'node:fs';

/** One fenced code block: its language, the file it claims to be (if any), and its text. */
export interface DocCodeBlock {
  lang: string;
  file?: string;
  code: string;
}

const FENCE = /^(`{3,}|~{3,})(.*)$/;

/**
 * Every fenced code block of the Markdown file at `markdownPath`, in order. The info string's first
 * word is `lang`; `file=PATH` anywhere in it sets `file`. `code` ends with a newline, as a file does.
 */
export function extractCodeBlocks(markdownPath: string): DocCodeBlock[] {
  const blocks: DocCodeBlock[] = [];
  let open: { fence: string; lang: string; file?: string; lines: string[] } | undefined;
  for (const line of readFileSync(markdownPath, 'utf8').split('\n')) {
    if (open === undefined) {
      const match = FENCE.exec(line);
      if (!match) continue;
      const words = (match[2] ?? '').trim().split(/\s+/);
      const file = words.find((word) => word.startsWith('file='))?.slice('file='.length);
      open = { fence: match[1] ?? '```', lang: words[0] ?? '', lines: [], ...(file ? { file } : {}) };
    } else if (line.startsWith(open.fence) && line.slice(open.fence.length).trim() === '') {
      const { lang, file, lines } = open;
      blocks.push({ lang, ...(file ? { file } : {}), code: `${lines.join('\n')}\n` });
      open = undefined;
    } else {
      open.lines.push(line);
    }
  }
  return blocks;
}
