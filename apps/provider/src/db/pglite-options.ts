/** @module pglite-options — the settings every PGlite instance of the provider starts with. */
import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's PostgreSQL keeps initdb's shared_buffers = 128MB, and those pages sit in the
 * WebAssembly heap, which never shrinks: they are most of its RSS (about 100 MiB more than at
 * 32MB) and fill up as pages are touched. Pages outside the pool are a read from the OS page
 * cache away, so a small pool costs the embedded database little.
 */
export const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
};
