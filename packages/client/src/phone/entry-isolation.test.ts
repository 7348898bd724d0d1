// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** The inputs esbuild pulls into a browser bundle of one entry, resolved through the source condition. */
async function bundledInputs(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['source'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}

describe('@latchkey/client/phone', () => {
  it('stays out of the main entry, which carries no phone metadata', async () => {
    const main = await bundledInputs('../index.ts');
    expect(main.some((input) => input.includes('/phone/'))).toBe(false);
    expect(main.some((input) => input.includes('libphonenumber'))).toBe(false);
    const phone = await bundledInputs('./index.ts');
    expect(phone.some((input) => input.includes('libphonenumber-js/metadata.min.json'))).toBe(true);
  });
});
