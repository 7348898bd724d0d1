import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNKS_GLOBAL } from './import-chunk-script.js';

const globals = globalThis as Record<string, unknown>;

/** Imports a fresh copy of the loader while `script` is the current script, as in a real page. */
async function loaderFrom(src: string, nonce = '') {
  const script = document.createElement('script');
  script.src = src;
  script.nonce = nonce;
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  vi.resetModules();
  try {
    return await import('./import-chunk-script.js');
  } finally {
    Reflect.deleteProperty(document, 'currentScript');
  }
}

const chunkTags = () => [
  ...document.head.querySelectorAll<HTMLScriptElement>('script[src$="latchkey-x.js"]'),
];

afterEach(() => {
  for (const tag of chunkTags()) tag.remove();
  Reflect.deleteProperty(globals, CHUNKS_GLOBAL);
});

describe('importChunkScript (the standalone bundle’s chunk loader)', () => {
  it("loads the file from beside the bundle's own script, once, with its nonce", async () => {
    const { chunkUrl, importChunkScript, publishChunk, publishedChunk } = await loaderFrom(
      'https://cdn.example/latchkey/5.1.2/latchkey-widget.js?v=1',
      'n0nce',
    );
    expect(chunkUrl('latchkey-x.js')).toBe('https://cdn.example/latchkey/5.1.2/latchkey-x.js');
    const loading = importChunkScript('latchkey-x.js');
    // A second caller while the file loads shares the one tag.
    const alsoLoading = importChunkScript('latchkey-x.js');
    const [tag] = chunkTags();
    expect(chunkTags()).toHaveLength(1);
    expect(tag?.src).toBe('https://cdn.example/latchkey/5.1.2/latchkey-x.js');
    expect(tag?.nonce).toBe('n0nce');
    expect(tag?.async).toBe(true);
    expect(publishedChunk('latchkey-x.js')).toBeUndefined();
    // What the file does when it runs.
    const module = { answer: 42 };
    publishChunk('latchkey-x.js', module);
    tag?.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe(module);
    await expect(alsoLoading).resolves.toBe(module);
    // Published: answered at once, with no second tag.
    expect(publishedChunk('latchkey-x.js')).toBe(module);
    await expect(importChunkScript('latchkey-x.js')).resolves.toBe(module);
    expect(chunkTags()).toHaveLength(1);
  });

  it('falls back to the page URL when the bundle ran without a script element', async () => {
    const { chunkUrl } = await loaderFrom('');
    expect(chunkUrl('latchkey-x.js')).toBe(new URL('latchkey-x.js', document.baseURI).href);
  });

  it('rejects and removes the tag when the file fails to load, then retries; rejects a file that defines nothing', async () => {
    const { importChunkScript } = await loaderFrom('https://cdn.example/latchkey-widget.js');
    const failing = importChunkScript('latchkey-x.js');
    chunkTags()[0]?.dispatchEvent(new Event('error'));
    await expect(failing).rejects.toThrow('could not load https://cdn.example/latchkey-x.js');
    expect(chunkTags()).toHaveLength(0);
    const empty = importChunkScript('latchkey-x.js');
    expect(chunkTags()).toHaveLength(1);
    chunkTags()[0]?.dispatchEvent(new Event('load'));
    await expect(empty).rejects.toThrow('https://cdn.example/latchkey-x.js did not define its code');
  });
});
