/**
 * @module console-files — the console's built files (apps/console/dist/site), read once at start
 * into memory: the provider serves exactly these and nothing else from that folder, so no request
 * path is ever joined onto a file system path.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

/** One file the console is made of. */
export interface ConsoleFile {
  body: Buffer;
  type: string;
}

/** The console: its page, and its assets by name (content-hashed by the build). */
export interface ConsoleFiles {
  indexHtml: Buffer;
  assets: ReadonlyMap<string, ConsoleFile>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** The build in `dir`, or undefined when there is none (the console is then not served). */
export function readConsoleFiles(dir: string): ConsoleFiles | undefined {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return undefined;
  const assets = new Map<string, ConsoleFile>();
  const assetsDir = join(dir, 'assets');
  if (existsSync(assetsDir))
    for (const name of readdirSync(assetsDir)) {
      const type = TYPES[extname(name)];
      if (type) assets.set(name, { body: readFileSync(join(assetsDir, name)), type });
    }
  return { indexHtml: readFileSync(index), assets };
}
