/**
 * @module theme/chunk-sheets-script — the standalone bundle's stand-in for chunk-sheets.ts: no
 * sheet of a chunk in the bundle; each chunk adds its own when it loads (install-styles.ts addStyles).
 */

/** None: the chunks bring them. */
export const CHUNK_SHEETS: readonly string[] = [];
