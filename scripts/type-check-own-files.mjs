// `node scripts/type-check-own-files.mjs <tsconfig>`: type-checks a scratch app as `tsc -p` does,
// but reports only on the app's own files and on the declarations of our packages
// (node_modules/@latchkey/*), never on other packages' declarations. With skipLibCheck off, tsc
// spent 15 of its 17 s checking third-party declarations in full (TypeBox alone brings 354 files):
// an integrator's errors there are those packages' to fix, not a sign of our packaging. Types from
// them are still resolved wherever our declarations use them. Prints tsc's diagnostics and exits
// 1 when there is any; prints nothing and exits 0 otherwise.
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { repoRoot } from './lib.mjs';

const ts = createRequire(`${repoRoot}/package.json`)('typescript');

/** Whether `fileName` is ours to check: the app's own, or one of our packages' declarations. */
export function isOwnFile(fileName) {
  return !fileName.includes('/node_modules/') || fileName.includes('/node_modules/@latchkey/');
}

/** The diagnostics of the program `configPath` describes, for the options and our files. */
export function ownDiagnostics(configPath) {
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) return [error];
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dirname(resolve(configPath)));
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  const ours = program.getSourceFiles().filter((file) => isOwnFile(file.fileName));
  return [
    ...parsed.errors,
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...ours.flatMap((file) => [
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    ]),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const diagnostics = ownDiagnostics(process.argv[2] ?? 'tsconfig.json');
  if (diagnostics.length > 0) {
    const host = {
      getCanonicalFileName: (fileName) => fileName,
      getCurrentDirectory: () => process.cwd(),
      getNewLine: () => '\n',
    };
    process.stdout.write(ts.formatDiagnostics(diagnostics, host));
    process.exitCode = 1;
  }
}
