/**
 * @module chunks/import-chunk-script — the standalone bundle's chunk loader: code that most pages
 * never run (phone numbers, One Tap, passkey registration) is a file beside the bundle, added with
 * a script tag the first time it is needed.
 */

/** Where a chunk file puts its module, by file name. Not an API: the bundle's handshake with its files. */
export const CHUNKS_GLOBAL = '__latchkeyChunks';

type ChunkTable = Record<string, unknown>;

// Read while the bundle's own <script> runs: afterwards document.currentScript is another script
// or null. Classic, defer and async scripts all set it; module scripts and eval do not.
const bundleScript =
  typeof document === 'undefined' ? null : (document.currentScript as HTMLScriptElement | null);
const bundleUrl = bundleScript?.src ?? '';
const bundleNonce = bundleScript?.nonce ?? '';

const loads = new Map<string, Promise<unknown>>();

function table(): ChunkTable {
  const global = globalThis as Record<string, unknown>;
  global[CHUNKS_GLOBAL] ??= {};
  return global[CHUNKS_GLOBAL] as ChunkTable;
}

/** Called by a chunk file when it runs: makes `module` the answer to `importChunkScript(fileName)`. */
export function publishChunk(fileName: string, module: unknown): void {
  table()[fileName] = module;
}

/** The module of a chunk file that has already run, so a component shown again renders at once. */
export function publishedChunk<T>(fileName: string): T | undefined {
  return table()[fileName] as T | undefined;
}

/** A chunk file's URL: beside the widget bundle, or relative to the page when that is unknown. */
export function chunkUrl(fileName: string, base: string = bundleUrl): string {
  return new URL(fileName, base || document.baseURI).href;
}

/**
 * Adds `<script src=".../{fileName}">` (with the bundle's CSP nonce) once and resolves with the
 * module the file publishes. A failed load rejects and removes the tag, so a later call retries.
 */
export function importChunkScript<T>(fileName: string): Promise<T> {
  const ready = publishedChunk<T>(fileName);
  if (ready) return Promise.resolve(ready);
  let load = loads.get(fileName) as Promise<T> | undefined;
  if (load) return load;
  load = new Promise<T>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = chunkUrl(fileName);
    script.async = true;
    if (bundleNonce) script.nonce = bundleNonce;
    script.addEventListener('load', () => {
      const module = publishedChunk<T>(fileName);
      if (module) resolve(module);
      else reject(new Error(`Latchkey: ${script.src} did not define its code.`));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`Latchkey: could not load ${script.src}.`));
    });
    document.head.append(script);
  });
  loads.set(fileName, load);
  load.catch(() => loads.delete(fileName));
  return load;
}
