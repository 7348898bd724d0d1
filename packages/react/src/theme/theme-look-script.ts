/**
 * @module theme/theme-look-script — the standalone bundle's stand-in for theme-look.ts: the theme's
 * code comes in latchkey-theme.js, which mount() fetches before the first render when the page
 * passes `styles` or `appearance`; a page without a theme never fetches it.
 */
import { importChunkScript, publishedChunk } from '../chunks/import-chunk-script.js';
import type { Appearance } from './appearance.js';
import type { LatchkeyStyles } from './theme.js';
import type * as ThemeLook from './theme-look.js';

/** The chunk file (scripts/build-standalone.mjs says the same). */
export const THEME_SCRIPT_NAME = 'latchkey-theme.js';

const loaded = (): typeof ThemeLook | undefined => publishedChunk<typeof ThemeLook>(THEME_SCRIPT_NAME);

/** The chunk's properties once it has run; none before (or when it could not load: the default look). */
export function themeLookProperties(
  styles: LatchkeyStyles | undefined,
  appearance: Appearance | undefined,
): Record<string, string> {
  return loaded()?.themeLookProperties(styles, appearance) ?? {};
}

/** The chunk's font installer once it has run. */
export const installFontFaces: typeof ThemeLook.installFontFaces = (...args) =>
  loaded()?.installFontFaces(...args) ?? (() => {});

/**
 * Loads the chunk when the page passes a theme and it has not run yet; settles either way (a file that cannot load leaves
 * the default look, with a warning, rather than no widget).
 */
export function loadThemeLook(theme: {
  styles?: LatchkeyStyles | undefined;
  appearance?: Appearance | undefined;
}): Promise<void> | undefined {
  // Here already (an earlier widget's): render at once, as a page without a theme does.
  if ((!theme.styles && !theme.appearance) || loaded()) return undefined;
  return importChunkScript(THEME_SCRIPT_NAME).then(
    () => undefined,
    (error: unknown) => console.warn(error instanceof Error ? error.message : error),
  );
}
