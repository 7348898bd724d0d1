#!/usr/bin/env node
// The `latchkey-provider` command. A committed launcher rather than dist/cli.js itself: npm links
// a bin when it installs, before anything is built, and only a file that exists then (with its
// executable bit, which a compiler's output lacks) makes `npx latchkey-provider` run this
// checkout's provider instead of looking the name up in the registry.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('latchkey-provider is not built yet: run `npx tsc -b` in the repository first.\n');
  process.exit(1);
}
await import(cli.href);
