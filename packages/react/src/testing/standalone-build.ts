/** @module testing/standalone-build — the real script-tag build in a temporary directory, for tests that run its files in jsdom. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from '@testing-library/dom';
import { CHUNKS_GLOBAL } from '../chunks/import-chunk-script.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The files of one build. */
export interface StandaloneBuild {
  /** What the build printed (a size line per file). */
  stdout: string;
  /** The text of a file the build wrote, e.g. `latchkey-widget.js`. */
  code(file: string): string;
  /** Runs a file as a classic script would run in this window. */
  run(file: string): void;
  /** Deletes the directory. */
  remove(): void;
}

/** Runs scripts/build-standalone.mjs into a new temporary directory. */
export function buildStandalone(): StandaloneBuild {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-standalone-'));
  const build = spawnSync(
    process.execPath,
    [join(packageDir, 'scripts/build-standalone.mjs'), `--outfile=${join(dir, 'latchkey-widget.js')}`],
    { encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`the standalone build failed:\n${build.stderr}`);
  const code = (file: string) => readFileSync(join(dir, file), 'utf8');
  return {
    stdout: build.stdout,
    code,
    run: (file) => new Function(code(file))(),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Waits for the widget's `<script>` tag for chunk `file` and answers it as a browser would: runs
 * the file and fires `load` (even if the file threw), or fires `error` (a file that could not be
 * fetched). jsdom itself never fetches scripts.
 */
export async function serveChunk(
  build: StandaloneBuild,
  file: string,
  outcome: 'load' | 'error' = 'load',
): Promise<HTMLScriptElement> {
  const tag = await waitFor(() => {
    const found = document.head.querySelector<HTMLScriptElement>(`script[src$="/${file}"]`);
    if (!found) throw new Error(`no script tag for ${file} yet`);
    return found;
  });
  if (outcome === 'load') {
    try {
      build.run(file);
    } catch {
      // A browser reports a script's own error to window.onerror and still fires `load`.
    }
  }
  tag.dispatchEvent(new Event(outcome));
  return tag;
}

/**
 * `serveChunk` for a file the test needs loaded, unless an earlier test of this window already ran
 * it (a published chunk is never fetched again, so no tag would come).
 */
export async function serveChunkOnce(build: StandaloneBuild, file: string): Promise<void> {
  const published = Reflect.get(globalThis, CHUNKS_GLOBAL) as Record<string, unknown> | undefined;
  if (published?.[file]) return;
  await serveChunk(build, file);
}
