// Builds dist/standalone/latchkey-widget.js, the script-tag bundle that defines `window.Latchkey`,
// and beside it the chunks: code that most pages never run on first paint, each loaded by the
// widget with a script tag from the URL of its own <script>, the first time it is needed
// (src/chunks/import-chunk-script.ts). Pages that do not use a chunk's feature never fetch it.
// React is aliased to preact/compat so the bundle stays small (DESIGN.md: the best prebuilt widget
// measured is 45 KB gzip; React 19 alone is 67 KB), and @latchkey/client is bundled from its
// TypeScript sources (the "source" export condition), so no prior build of the client is needed.
// Chunks share the widget bundle's modules instead of carrying copies (scripts/shared-modules.mjs).
// It prints the raw, gzip and brotli sizes of every file: size is a feature, and a change that
// bloats it shows.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import {
  entryWithSharedTable,
  filesOf,
  markSharedPlugin,
  readSharedPlugin,
  sharedImportsOf,
  sharedTable,
} from './shared-modules.mjs';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = join(packageDir, '../client');
// The ceremonies are taken straight from @simplewebauthn/browser's files: through its index, which
// re-exports every helper the widget bundle shares, esbuild would rebuild that whole index in the
// chunk. The package exports only its index; its `require` entry is script/index.js.
const simpleWebAuthnDir = join(
  dirname(createRequire(join(clientDir, 'package.json')).resolve('@simplewebauthn/browser')),
  '..',
);
// `--outfile=PATH` writes elsewhere (the bundle test builds into a temporary directory).
const outArg = process.argv.find((arg) => arg.startsWith('--outfile='));
const outfile = outArg
  ? outArg.slice('--outfile='.length)
  : join(packageDir, 'dist/standalone/latchkey-widget.js');

/**
 * The chunks, each made of parts. A part's `module` goes into the chunk's `file`; in the widget
 * bundle, the file the part `replaces` gives way to its stand-in, which loads `file` when first
 * used. Each stand-in names its file (PHONE_SCRIPT_NAME, ONE_TAP_SCRIPT_NAME,
 * PASSKEY_REGISTRATION_SCRIPT_NAME, PASSKEY_SIGN_IN_SCRIPT_NAME, CRYPTO_SCRIPT_NAME, MFA_SCRIPT_NAME, THEME_SCRIPT_NAME, SCREENS_SCRIPT_NAME,
 * PHONE_FORM_SCRIPT_NAME
 * and the client-methods' *_SCRIPT_NAME) and must say the same.
 */
export const chunks = [
  {
    // libphonenumber-js and its metadata, about as big as the widget itself: the first phone form.
    file: 'latchkey-phone.js',
    parts: [
      {
        module: '@latchkey/client/phone',
        // The package's dynamic import() of it, which an IIFE build would inline.
        replaces: join(packageDir, 'src/phone/import-phone.ts'),
        standIn: join(packageDir, 'src/phone/import-phone-script.ts'),
      },
    ],
  },
  {
    // Main's phone form and country picker: widgets with SMS or WhatsApp, when the form shows.
    file: 'latchkey-phone-form.js',
    parts: [
      {
        module: join(packageDir, 'src/screens/phone-form.tsx'),
        replaces: join(packageDir, 'src/screens/phone-form.tsx'),
        standIn: join(packageDir, 'src/screens/phone-form-script.tsx'),
      },
    ],
  },
  {
    // The client's One Tap prompt and its client-side services frame: `oauth.googleOneTap.start`.
    file: 'latchkey-one-tap.js',
    parts: [
      {
        module: join(clientDir, 'src/internal/google-one-tap-prompt.ts'),
        replaces: join(clientDir, 'src/internal/google-one-tap-prompt.ts'),
        standIn: join(packageDir, 'src/oauth/one-tap/google-one-tap-prompt-script.ts'),
      },
      {
        module: join(packageDir, 'src/oauth/one-tap/google-one-tap.tsx'),
        replaces: join(packageDir, 'src/oauth/one-tap/google-one-tap.tsx'),
        standIn: join(packageDir, 'src/oauth/one-tap/google-one-tap-script.tsx'),
      },
    ],
  },
  {
    // The passkey-registration widget: its screens (the list with rename and delete) and the
    // browser's creation ceremony, which only that widget (or a host's webauthn.register) runs.
    file: 'latchkey-passkey-registration.js',
    parts: [
      {
        module: join(packageDir, 'src/passkey/passkey-screens.ts'),
        replaces: join(packageDir, 'src/passkey/passkey-screens.ts'),
        standIn: join(packageDir, 'src/passkey/passkey-screens-script.tsx'),
      },
      {
        module: join(simpleWebAuthnDir, 'esm/methods/startRegistration.js'),
        replaces: join(clientDir, 'src/internal/load-start-registration.ts'),
        standIn: join(packageDir, 'src/passkey/load-start-registration-script.ts'),
      },
    ],
  },
  {
    // The browser's passkey sign-in ceremony: pages that offer passkeys (autofill, the button).
    file: 'latchkey-passkey-sign-in.js',
    parts: [
      {
        module: join(simpleWebAuthnDir, 'esm/methods/startAuthentication.js'),
        replaces: join(clientDir, 'src/internal/load-start-authentication.ts'),
        standIn: join(packageDir, 'src/passkey/load-start-authentication-script.ts'),
      },
    ],
  },
  {
    // Crypto-wallet sign-in: Main's wallet buttons, the crypto screens, and the steps the
    // machine's effects run with the wallet layer (discovery, the connect and sign pop-ups): widgets with `crypto`.
    file: 'latchkey-crypto.js',
    parts: [
      {
        module: join(packageDir, 'src/crypto/crypto-screens.ts'),
        replaces: join(packageDir, 'src/crypto/crypto-screens.ts'),
        standIn: join(packageDir, 'src/crypto/crypto-screens-script.tsx'),
      },
      {
        module: join(packageDir, 'src/crypto/crypto-ceremony.ts'),
        replaces: join(packageDir, 'src/crypto/load-crypto-ceremony.ts'),
        standIn: join(packageDir, 'src/crypto/load-crypto-ceremony-script.ts'),
      },
      methodsPart('crypto-wallets'),
    ],
  },
  {
    // The reCAPTCHA Enterprise script loader and token getter: only projects with captcha on.
    file: 'latchkey-captcha.js',
    parts: [
      {
        module: join(clientDir, 'src/internal/captcha-token.ts'),
        replaces: join(clientDir, 'src/internal/load-captcha-token.ts'),
        standIn: join(packageDir, 'src/captcha/load-captcha-token-script.ts'),
      },
    ],
  },
  {
    // The multi-factor step: MFAAuthenticate with its texts, and the second-factor calls the
    // machine's effects make from it: only sign-ins that need a second factor.
    file: 'latchkey-mfa.js',
    parts: [
      {
        module: join(packageDir, 'src/mfa/mfa-screens.ts'),
        replaces: join(packageDir, 'src/mfa/mfa-screens.ts'),
        standIn: join(packageDir, 'src/mfa/mfa-screens-script.tsx'),
      },
      {
        module: join(packageDir, 'src/mfa/mfa-steps.ts'),
        replaces: join(packageDir, 'src/mfa/load-mfa-steps.ts'),
        standIn: join(packageDir, 'src/mfa/load-mfa-steps-script.ts'),
      },
      methodsPart('totps'),
    ],
  },
  {
    // The host's `styles` and `appearance` (custom properties, fonts, the dark palette): fetched
    // before the first render, and only by pages that pass one of them (src/mount.ts).
    file: 'latchkey-theme.js',
    parts: [
      {
        module: join(packageDir, 'src/theme/theme-look.ts'),
        replaces: join(packageDir, 'src/theme/theme-look.ts'),
        standIn: join(packageDir, 'src/theme/theme-look-script.ts'),
      },
    ],
  },
  {
    // The screens after Main: the password step, the sent and expired-link notices, the code
    // entry, the confirmations. Fetched once the widget has painted (src/chunks/preload-chunks-script.ts).
    file: 'latchkey-screens.js',
    parts: [
      {
        module: join(packageDir, 'src/screens/later-screens.ts'),
        replaces: join(packageDir, 'src/screens/later-screens.ts'),
        standIn: join(packageDir, 'src/screens/later-screens-script.tsx'),
      },
    ],
  },
  // The client's methods that an email + password sign-in never calls, one file per namespace:
  // fetched after the first paint when the widget's products will call them
  // (src/chunks/preload-chunks-script.ts), else by the first call.
  { file: 'latchkey-magic-links.js', parts: [methodsPart('magic-links')] },
  { file: 'latchkey-otps.js', parts: [methodsPart('otps')] },
  {
    // client.oauth, and Main's provider buttons (which wait for the bootstrap's providers anyway).
    file: 'latchkey-oauth.js',
    parts: [
      methodsPart('oauth'),
      {
        module: join(packageDir, 'src/oauth/oauth-buttons.tsx'),
        replaces: join(packageDir, 'src/oauth/oauth-buttons.tsx'),
        standIn: join(packageDir, 'src/oauth/oauth-buttons-script.tsx'),
      },
    ],
  },
  { file: 'latchkey-webauthn.js', parts: [methodsPart('webauthn')] },
];

/**
 * A chunk part holding `client.{namespace}`'s code (client/src/methods/{name}.ts); in the widget
 * bundle, src/client-methods/{name}-script.ts gives the client the same members, each loading it.
 */
function methodsPart(name) {
  const module = join(clientDir, `src/methods/${name}.ts`);
  return { module, replaces: module, standIn: join(packageDir, `src/client-methods/${name}-script.ts`) };
}

/** Files the widget bundle swaps for a stand-in of its own, outside any chunk. */
const bundleStandIns = [
  {
    // The chunks' stylesheets: each chunk adds its own when it loads.
    replaces: join(packageDir, 'src/theme/chunk-sheets.ts'),
    standIn: join(packageDir, 'src/theme/chunk-sheets-script.ts'),
  },
  {
    replaces: join(packageDir, 'src/chunks/preload-chunks.ts'),
    standIn: join(packageDir, 'src/chunks/preload-chunks-script.ts'),
  },
  {
    // The server-render check and its placeholder: the script-tag widget never hydrates.
    replaces: join(packageDir, 'src/widget/hydration-gate.tsx'),
    standIn: join(packageDir, 'src/widget/hydration-gate-script.tsx'),
  },
];

/**
 * Modules that keep state for several chunks, kept in the widget bundle (and shared) even when no
 * code of the bundle uses them: one WebAuthn abort service for the passkey methods
 * (latchkey-webauthn.js) and both ceremonies, so that a new ceremony cancels the running one.
 */
const pinnedModules = [join(simpleWebAuthnDir, 'esm/helpers/webAuthnAbortService.js')];

const RESOLVING = Symbol('resolving');

/** Every replaced file's stand-in, but for the parts of chunk `own` (which hold the real code). */
function standInsExcept(own = undefined) {
  return new Map([
    ...chunks
      .filter((chunk) => chunk !== own)
      .flatMap((chunk) => chunk.parts.map((part) => [part.replaces, part.standIn])),
    ...bundleStandIns.map((entry) => [entry.replaces, entry.standIn]),
  ]);
}

/**
 * In the widget bundle, each file a chunk replaces resolves to the chunk's stand-in. Their imports
 * are relative; buildStandalone checks that none of them was left in the bundle anyway.
 */
const standInPlugin = {
  name: 'latchkey-chunk-stand-ins',
  setup(build) {
    const standIns = standInsExcept();
    build.onResolve({ filter: /^\./ }, async (args) => {
      if (args.pluginData === RESOLVING) return undefined;
      const { path } = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: RESOLVING,
      });
      const standIn = standIns.get(path);
      return standIn ? { path: standIn } : undefined;
    });
  },
};

/** The esbuild options of the widget bundle. */
export const standaloneOptions = {
  entryPoints: [join(packageDir, 'src/standalone.ts')],
  absWorkingDir: packageDir,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2020'],
  minify: true,
  legalComments: 'none',
  conditions: ['source'],
  jsx: 'automatic',
  alias: {
    react: 'preact/compat',
    'react-dom': 'preact/compat',
    'react-dom/client': 'preact/compat/client',
    'react/jsx-runtime': 'preact/jsx-runtime',
    'react/jsx-dev-runtime': 'preact/jsx-runtime',
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [standInPlugin],
  logLevel: 'warning',
  write: false,
};

/**
 * esbuild plugin for chunk drafts: `@simplewebauthn/browser` as explicit named re-exports of its
 * files. Its index re-exports them with `export *`, which a chunk cannot read from the widget
 * bundle's shared table (it holds names, not namespaces); the files themselves are shared as usual.
 */
const simpleWebAuthnIndexPlugin = {
  name: 'latchkey-simplewebauthn-index',
  setup(build) {
    build.onResolve({ filter: /^@simplewebauthn\/browser$/ }, () => ({
      path: join(simpleWebAuthnDir, 'esm/index.js'),
      namespace: 'latchkey-simplewebauthn',
    }));
    build.onLoad({ filter: /.*/, namespace: 'latchkey-simplewebauthn' }, async (args) => {
      const index = await readFile(args.path, 'utf8');
      const lines = [];
      for (const [, file] of index.matchAll(/export \* from '([^']+)';/g)) {
        const path = join(dirname(args.path), file);
        const names = Object.keys(await import(pathToFileURL(path).href));
        if (names.length > 0) lines.push(`export { ${names.join(', ')} } from ${JSON.stringify(path)};`);
      }
      return { contents: lines.join('\n'), loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

/** A chunk's entry: runs its parts' modules and publishes their exports under the chunk's file name. */
function chunkEntry(chunk) {
  const loader = join(packageDir, 'src/chunks/import-chunk-script.ts');
  const parts = chunk.parts.map((_, index) => `part${index}`);
  return [
    ...chunk.parts.map((part, index) => `import * as ${parts[index]} from ${JSON.stringify(part.module)};`),
    `import { publishChunk } from ${JSON.stringify(loader)};`,
    `publishChunk(${JSON.stringify(chunk.file)}, { ${parts.map((part) => `...${part}`).join(', ')} });`,
  ].join('\n');
}

/**
 * Builds the widget bundle and its chunks: a first widget build lists the widget's files, a
 * first build of each chunk finds what it imports from them, and the final builds share exactly that.
 */
export async function buildStandalone() {
  const probe = await build({ ...standaloneOptions, metafile: true });
  const bundleFiles = filesOf(probe.metafile, packageDir);
  for (const { replaces } of [...chunks.flatMap((chunk) => chunk.parts), ...bundleStandIns]) {
    if (bundleFiles.has(replaces)) throw new Error(`${replaces} is still in the widget bundle.`);
  }
  for (const pinned of pinnedModules) bundleFiles.add(pinned);
  const drafts = await Promise.all(
    chunks.map((chunk) =>
      build({
        ...standaloneOptions,
        entryPoints: undefined,
        stdin: { contents: chunkEntry(chunk), resolveDir: packageDir, sourcefile: chunk.file },
        format: 'esm',
        minify: false,
        // A chunk's code reaches other chunks' files through their stand-ins, as the bundle does.
        plugins: [simpleWebAuthnIndexPlugin, markSharedPlugin(bundleFiles, standInsExcept(chunk))],
      }),
    ),
  );
  const draftTexts = drafts.map((draft) => draft.outputFiles[0].text);
  const table = sharedTable(
    draftTexts.map(sharedImportsOf),
    packageDir,
    [probe.outputFiles[0].text, ...draftTexts].join('\n'),
  );
  // The entry is imported for its side effect (window.Latchkey), which package.json's
  // "sideEffects" list (written for dist/) would otherwise let esbuild drop.
  const entryPlugin = {
    name: 'latchkey-entry',
    setup(build) {
      build.onResolve({ filter: /^latchkey:entry$/ }, () => ({
        path: standaloneOptions.entryPoints[0],
        sideEffects: true,
      }));
    },
  };
  const widget = await build({
    ...standaloneOptions,
    entryPoints: undefined,
    stdin: {
      contents: entryWithSharedTable('latchkey:entry', table),
      resolveDir: packageDir,
      sourcefile: 'latchkey-widget.js',
    },
    plugins: [entryPlugin, standInPlugin],
  });
  const files = [{ file: 'latchkey-widget.js', code: widget.outputFiles[0].text }];
  for (const [index, chunk] of chunks.entries()) {
    const final = await build({
      stdin: { contents: draftTexts[index], resolveDir: packageDir, sourcefile: chunk.file },
      absWorkingDir: packageDir,
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: standaloneOptions.target,
      minify: true,
      legalComments: 'none',
      plugins: [readSharedPlugin(table)],
      logLevel: 'warning',
      write: false,
    });
    files.push({ file: chunk.file, code: final.outputFiles[0].text });
  }
  return files;
}

/** Raw, gzip (level 9) and brotli (quality 11) byte counts of `code`. */
export function sizesOf(code) {
  const bytes = Buffer.from(code);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = dirname(outfile);
  await mkdir(outDir, { recursive: true });
  for (const { file, code } of await buildStandalone()) {
    const path = file === 'latchkey-widget.js' ? outfile : join(outDir, file);
    await writeFile(path, code);
    const { raw, gzip, brotli } = sizesOf(code);
    console.log(`${path}  ${kb(raw)} min  ${kb(gzip)} gzip  ${kb(brotli)} brotli`);
    console.log(`(${raw} / ${gzip} / ${brotli} bytes)`);
  }
}
