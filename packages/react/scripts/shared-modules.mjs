// The chunks of the standalone bundle (latchkey-phone.js, latchkey-one-tap.js, …) run in the page
// beside latchkey-widget.js, so they use the widget bundle's copy of every module it already has
// instead of carrying their own: one Preact (hooks and context only work within one copy), one
// WidgetContext, one set of the client's error classes (instanceof), and no byte sent twice.
//
// How: a first build of a chunk marks every import that resolves to a file of the widget bundle
// as external, and the names it imports are read off that build's ESM output. The widget bundle
// then ends with one array on a global holding exactly those values, and the final chunk reads
// each one from the array, by index, when it runs. A chunk therefore gets values, not live
// bindings: right for the functions, components, classes and constants chunks import. The global's
// name carries a hash of the build, so a chunk from another build (a stale cache) finds nothing,
// fails to run, and its feature reports a file that could not load.
//
// A module that two chunks use and the widget bundle does not is copied into both: keep such
// modules free of state (today they are @simplewebauthn/browser's small pure helpers).

import { createHash } from 'node:crypto';
import { relative, resolve } from 'node:path';

/** The prefix of the global the widget bundle puts the shared array on. Not an API: the files' handshake. */
export const SHARED_GLOBAL_PREFIX = '__latchkeyShared_';

const PREFIX = 'latchkey-shared:';
const NAMESPACE = 'latchkey-shared';
const RESOLVING = Symbol('resolving');

/**
 * The absolute paths of the files whose code is in a build's single output, for
 * `markSharedPlugin`. Files esbuild read but left out entirely (a package index that only
 * re-exports, or everything in a module tree-shaken) are not: a chunk bundles through them.
 */
export function filesOf(metafile, workingDir) {
  const [output] = Object.values(metafile.outputs);
  return new Set(
    Object.entries(output.inputs)
      .filter(
        ([input, { bytesInOutput }]) => bytesInOutput > 0 && !input.includes(':') && input !== '<stdin>',
      )
      .map(([input]) => resolve(workingDir, input)),
  );
}

/**
 * esbuild plugin: every import that resolves to one of `bundleFiles` stays an external
 * `latchkey-shared:{path}`. A file with an entry in `standIns` (Map of path to stand-in path) is
 * read as its stand-in first, shared or bundled like any other file.
 */
export function markSharedPlugin(bundleFiles, standIns = new Map()) {
  return {
    name: 'latchkey-mark-shared',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'entry-point' || args.pluginData === RESOLVING) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: RESOLVING,
        });
        if (resolved.errors.length > 0) return undefined;
        const path = standIns.get(resolved.path) ?? resolved.path;
        if (bundleFiles.has(path)) return { path: `${PREFIX}${path}`, external: true };
        return path === resolved.path ? undefined : { path };
      });
    },
  };
}

// At the start of a line, where esbuild writes import statements: the word in a comment such as
// `// src/phone/import-phone-script.ts` just above one must not start the match.
const IMPORT_PATTERN = new RegExp(`^import\\s*([^;"]*?)\\s*from\\s*"${PREFIX}([^"]+)"`, 'gm');

/** The names an ESM chunk draft imports from each shared file: Map<path, Set<name>>. */
export function sharedImportsOf(esm) {
  const imports = new Map();
  for (const [, clause, path] of esm.matchAll(IMPORT_PATTERN)) {
    const names = imports.get(path) ?? new Set();
    imports.set(path, names);
    if (clause.includes('*')) {
      throw new Error(`A chunk imports * from ${path}; import the names it uses instead.`);
    }
    const braces = clause.match(/\{([^}]*)\}/);
    const outside = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, '')
      .trim();
    if (outside) names.add('default');
    for (const item of braces ? braces[1].split(',') : []) {
      const name = item.trim().split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  }
  return imports;
}

/**
 * One table for all chunks: `{ global, rows }`, rows `{ path, names, first }` sorted, where `first`
 * is the index of the row's first name in the flat array the widget bundle publishes on `global`
 * (values only: no name strings). `global` ends with a hash of the rows and of `buildText` (the
 * build's code), relative to `workingDir` so that it is the same on every machine.
 */
export function sharedTable(importsOfEachChunk, workingDir, buildText) {
  const merged = new Map();
  for (const imports of importsOfEachChunk) {
    for (const [path, names] of imports) {
      merged.set(path, new Set([...(merged.get(path) ?? []), ...names]));
    }
  }
  let first = 0;
  const rows = [...merged.keys()].sort().map((path) => {
    const names = [...merged.get(path)].sort();
    const row = { path, names, first };
    first += names.length;
    return row;
  });
  const shape = JSON.stringify(rows.map(({ path, names }) => [relative(workingDir, path), names]));
  const hash = createHash('sha256')
    .update(shape)
    .update(buildText.replaceAll(workingDir, '.'))
    .digest('hex')
    .slice(0, 12);
  return { global: `${SHARED_GLOBAL_PREFIX}${hash}`, rows };
}

/** The widget bundle's entry: the real entry, then the array of everything the chunks share. */
export function entryWithSharedTable(entry, table) {
  const lines = [`import ${JSON.stringify(entry)};`];
  const values = [];
  for (const { path, names, first } of table.rows) {
    if (names.length === 0) continue;
    const list = names.map((name, n) => `${name} as s${first + n}`).join(', ');
    lines.push(`import { ${list} } from ${JSON.stringify(path)};`);
    values.push(...names.map((_, n) => `s${first + n}`));
  }
  lines.push(`globalThis[${JSON.stringify(table.global)}] = [${values.join(', ')}];`);
  return lines.join('\n');
}

/** esbuild plugin for a chunk's final build: each `latchkey-shared:` import reads its names from the array. */
export function readSharedPlugin(table) {
  const ARRAY = `${PREFIX}array`;
  return {
    name: 'latchkey-read-shared',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${PREFIX}`) }, (args) => ({
        path: args.path.slice(PREFIX.length),
        namespace: NAMESPACE,
      }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        // One module reads the global, so a chunk names it once.
        if (`${PREFIX}${args.path}` === ARRAY) {
          return { contents: `export default globalThis[${JSON.stringify(table.global)}];`, loader: 'js' };
        }
        const row = table.rows.find((candidate) => candidate.path === args.path);
        if (!row) throw new Error(`${args.path} is not in the shared table.`);
        if (row.names.length === 0) return { contents: 'export {};', loader: 'js' };
        const reads = row.names.map((_, n) => `s${n} = shared[${row.first + n}]`).join(', ');
        const exports = row.names.map((name, n) => `s${n} as ${name}`).join(', ');
        return {
          contents: `import shared from ${JSON.stringify(ARRAY)};\nconst ${reads};\nexport { ${exports} };`,
          loader: 'js',
        };
      });
    },
  };
}
