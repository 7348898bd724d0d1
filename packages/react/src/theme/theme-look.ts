/**
 * @module theme/theme-look — what the host's `styles` and `appearance` do to a widget: its custom
 * properties, its fonts and the dark palette. In the package it is all here; the script-tag build
 * swaps this module for theme-look-script.ts, which takes it from latchkey-theme.js, fetched before
 * the first render only by a page that passes a theme (scripts/build-standalone.mjs).
 */
import { type Appearance, appearanceToProperties } from './appearance.js';
import { DARK_CSS } from './dark-css.js';
import { installFontFaces } from './font-faces.js';
import { addStyles } from './install-styles.js';
import { type LatchkeyStyles, themeToProperties } from './theme.js';

addStyles(DARK_CSS);

export { installFontFaces };

/** The custom properties of `.lk-root`: `styles` over `appearance.variables`. */
export function themeLookProperties(
  styles: LatchkeyStyles | undefined,
  appearance: Appearance | undefined,
): Record<string, string> {
  return { ...appearanceToProperties(appearance), ...themeToProperties(styles) };
}

/** Nothing to wait for before the first render: the code is here. */
export function loadThemeLook(_theme: {
  styles?: LatchkeyStyles | undefined;
  appearance?: Appearance | undefined;
}): Promise<void> | undefined {
  return undefined;
}
