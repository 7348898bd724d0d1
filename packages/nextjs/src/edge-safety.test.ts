/**
 * Edge safety by construction: the package's whole import graph (with @latchkey/node/edge and jose,
 * but not Next.js itself, which the app provides) bundles for a neutral platform — no `node:`
 * module, no Node built-in — and names neither `Buffer` nor any `process` member but `env`.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

async function bundleForTheEdge(entry: string) {
  return build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    // Workspace packages from their sources, as the tests resolve them; jose's browser build, as Next's edge bundler picks it.
    conditions: ['source', 'edge-light', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    external: ['next/*'],
    logLevel: 'silent',
    metafile: true,
  });
}

describe('edge safety of @latchkey/nextjs', () => {
  it('bundles for a platform without Node, and its code uses no Buffer and only process.env', async () => {
    const result = await bundleForTheEdge(source('./index.ts'));
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((input) => input.includes('packages/node/src/edge.ts'))).toBe(true);
    expect(
      inputs.filter((input) => input.startsWith('node:') || input.includes('check-jws-signature.ts')),
    ).toEqual([]);
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).not.toMatch(/\bBuffer\b/);
    expect(new Set(code.match(/\bprocess\.\w+/g))).toEqual(new Set(['process.env']));
  });

  it('would fail for the Node entry of @latchkey/node, which checks signatures with node:crypto', async () => {
    await expect(bundleForTheEdge(source('../../node/src/index.ts'))).rejects.toThrow(/node:crypto/);
  });
});
