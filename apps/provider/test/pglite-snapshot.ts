/**
 * @module pglite-snapshot — what a test file needs to open the run's migrated PGlite snapshot
 * cheaply: the snapshot's bytes, read once per worker, and PGlite's WebAssembly, compiled once per
 * worker. A provider run opens some hundreds of test databases, and each used to pay about 2.5 s
 * of CPU to start; most of it was these two, redone every time.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * A Blob whose `arrayBuffer()` hands out a copy of bytes already in memory. Node 20's own Blob
 * reads itself back as a stream of small chunks that it concatenates, which took about a third of
 * a test database's start-up for the snapshot's 40 MB; PGlite reads the snapshot only through
 * `arrayBuffer()`.
 */
class InMemoryBlob extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super();
    this.#bytes = bytes;
  }
  override get size(): number {
    return this.#bytes.byteLength;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    // A copy: PGlite may keep or detach what it is given, and the next file needs the snapshot too.
    return Promise.resolve(this.#bytes.slice().buffer);
  }
}

let snapshotBytes: { path: string; bytes: Uint8Array } | undefined;
let compiledModule: Promise<WebAssembly.Module> | undefined;

/** The snapshot at `path` (global-setup.ts) as PGlite's `loadDataDir`, with its compiled module. */
export async function pgliteSnapshot(
  path: string,
): Promise<{ loadDataDir: Blob; wasmModule: WebAssembly.Module }> {
  if (snapshotBytes?.path !== path) snapshotBytes = { path, bytes: readFileSync(path) };
  compiledModule ??= WebAssembly.compile(readFileSync(pgliteWasmPath()));
  return { loadDataDir: new InMemoryBlob(snapshotBytes.bytes), wasmModule: await compiledModule };
}

/** `pglite.wasm` beside the installed package's entry (the file PGlite itself would fetch). */
function pgliteWasmPath(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return join(dirname(entry), 'pglite.wasm');
}
