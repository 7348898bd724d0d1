/**
 * @module database-free-files — the provider's test files that cannot open a database, read from
 * their imports. They run on PGlite alone: the PostgreSQL run is there for what the engine
 * changes (SQL, locks, pools, notifications), and a file that never reaches a database would
 * only run the same code twice (issue 18: a quarter of the provider's files, among them the
 * slowest OpenID and wallet-signature tests).
 *
 * A file can open one when it, or any module it imports from this repository, imports a module
 * that opens databases (below), a database driver, or a way to start another process (which
 * gets DATABASE_URL), names a database URL variable, or imports a computed name. Package imports
 * other than those are not followed: no workspace package opens a database.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The provider's modules that open databases, relative to apps/provider. */
const DATABASE_OPENERS = ['src/db/connect.ts', 'src/db/open-database.ts', 'test/test-database.ts'];

/** Packages whose import means a database, or another process that may open one. */
const DATABASE_OR_PROCESS_PACKAGES =
  /^(?:@electric-sql\/pglite|pg|(?:node:)?(?:child_process|worker_threads|cluster))(?:\/|$)/;

/** Source text that names a database by its URL variable (a process started some other way). */
const DATABASE_URL_VARIABLE = /\b(?:TEST_|LATCHKEY_)?DATABASE(?:_DIRECT)?_URL\b/;

const IMPORT_SPECIFIER =
  /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g;

/** An import or require of a computed name: where it leads cannot be read, so it counts as a database. */
const COMPUTED_IMPORT = /\b(?:import|require)\s*\(\s*[^'"\s)]/;

/** The repository module a relative specifier names (TypeScript sources are imported as `.js`). */
function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    base,
    `${base}.ts`,
    join(base, 'index.ts'),
  ];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
}

/** What one module says by itself: whether it opens a database, and the repository modules it imports. */
interface ModuleFacts {
  opens: boolean;
  imports: string[];
}

function readFacts(file: string, openers: string[]): ModuleFacts {
  const source = readFileSync(file, 'utf8');
  let opens = openers.includes(file) || DATABASE_URL_VARIABLE.test(source) || COMPUTED_IMPORT.test(source);
  const imports: string[] = [];
  for (const match of source.matchAll(IMPORT_SPECIFIER)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? '';
    if (DATABASE_OR_PROCESS_PACKAGES.test(specifier)) opens = true;
    else if (specifier.startsWith('.')) {
      const imported = resolveRelative(file, specifier);
      if (imported !== undefined) imports.push(imported);
    }
  }
  return { opens, imports };
}

/**
 * The test files under `apps/provider/src` that cannot open a database, relative to `repoRoot`:
 * those from which no module that opens one can be reached through repository imports. Reached
 * per test file (not memoised per module), so an import cycle cannot hide a way out of it.
 */
export function databaseFreeProviderTestFiles(repoRoot: string): string[] {
  const providerRoot = join(repoRoot, 'apps/provider');
  const openers = DATABASE_OPENERS.map((opener) => join(providerRoot, opener));
  const facts = new Map<string, ModuleFacts>();
  const factsOf = (file: string) => {
    let known = facts.get(file);
    if (known === undefined) {
      known = readFacts(file, openers);
      facts.set(file, known);
    }
    return known;
  };
  const canOpenDatabase = (testFile: string) => {
    const reached = new Set([testFile]);
    for (const file of reached) {
      const { opens, imports } = factsOf(file);
      if (opens) return true;
      for (const imported of imports) reached.add(imported);
    }
    return false;
  };
  return readdirSync(join(providerRoot, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join(providerRoot, 'src', file))
    .filter((file) => !canOpenDatabase(file))
    .map((file) => relative(repoRoot, file))
    .sort();
}
