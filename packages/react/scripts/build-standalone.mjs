// Builds dist/standalone/latchkey-widget.js, the script-tag bundle that defines `window.Latchkey`,
// and beside it latchkey-phone.js, the phone-number code (libphonenumber-js and its metadata, about
// as big as the widget itself). The widget loads the phone file with a script tag, from the URL of
// its own <script>, the first time a phone form shows; pages without phone sign-in never fetch it.
// React is aliased to preact/compat so the bundle stays small (DESIGN.md: the best prebuilt widget
// measured is 45 KB gzip; React 19 alone is 67 KB), and @latchkey/client is bundled from its
// TypeScript sources (the "source" export condition), so no prior build of the client is needed.
// It prints the raw, gzip and brotli sizes: size is a feature, and a change that bloats it shows.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// `--outfile=PATH` writes elsewhere (the bundle test builds into a temporary directory).
const outArg = process.argv.find((arg) => arg.startsWith('--outfile='));
const outfile = outArg
  ? outArg.slice('--outfile='.length)
  : join(packageDir, 'dist/standalone/latchkey-widget.js');
/** The phone file's name; src/phone/phone-module.ts (PHONE_SCRIPT_NAME) must say the same. */
export const PHONE_FILE = 'latchkey-phone.js';
const phoneOutfile = join(dirname(outfile), PHONE_FILE);

// The package's phone loader is a dynamic import(), which an IIFE build would inline. In the
// standalone bundle it is swapped for the script-tag loader.
const phoneLoaderPlugin = {
  name: 'latchkey-phone-script-loader',
  setup(build) {
    build.onResolve({ filter: /\/import-phone\.js$/ }, () => ({
      path: join(packageDir, 'src/phone/import-phone-script.ts'),
    }));
  },
};

/** The esbuild options, shared with the test that runs the bundle in jsdom. */
export const standaloneOptions = {
  entryPoints: [join(packageDir, 'src/standalone.ts')],
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
  plugins: [phoneLoaderPlugin],
  logLevel: 'warning',
};

/** The options of latchkey-phone.js: the phone functions, published for the widget bundle. */
export const phoneOptions = {
  ...standaloneOptions,
  entryPoints: [join(packageDir, 'src/standalone-phone.ts')],
  plugins: [],
};

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

async function emit(options, file) {
  const result = await build({ ...options, write: false });
  const code = result.outputFiles[0].text;
  await writeFile(file, code);
  const { raw, gzip, brotli } = sizesOf(code);
  console.log(`${file}  ${kb(raw)} min  ${kb(gzip)} gzip  ${kb(brotli)} brotli`);
  console.log(`(${raw} / ${gzip} / ${brotli} bytes)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await mkdir(dirname(outfile), { recursive: true });
  await emit(standaloneOptions, outfile);
  await emit(phoneOptions, phoneOutfile);
}
