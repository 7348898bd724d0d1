/** @module theme/theme — the host's `styles` option and its mapping to --lk-* custom properties. */

/** A CSS length: a number means pixels. */
export type CssLength = string | number;

/** Colours and radius of one button kind. */
export interface ButtonStyles {
  backgroundColor?: string;
  textColor?: string;
  borderColor?: string;
  borderRadius?: CssLength;
}

/** A web font to declare with @font-face before `fontFamily` can use it. */
export interface FontFaceSource {
  family: string;
  /** URL of the font file (woff2 recommended). */
  url: string;
  weight?: string | number;
  style?: string;
}

/** The `styles` a host passes (spec §3 theme). */
export interface LatchkeyStyles {
  container?: { backgroundColor?: string; borderColor?: string; borderRadius?: CssLength; width?: CssLength };
  colors?: { primary?: string; secondary?: string; success?: string; error?: string };
  buttons?: { primary?: ButtonStyles; secondary?: ButtonStyles };
  inputs?: {
    backgroundColor?: string;
    borderColor?: string;
    textColor?: string;
    placeholderColor?: string;
    borderRadius?: CssLength;
  };
  fontFamily?: string;
  fonts?: FontFaceSource[];
  hideHeaderText?: boolean;
  logo?: { logoImageUrl?: string };
}

type Read = (styles: LatchkeyStyles) => CssLength | undefined;

// One row per knob: the custom property and where its value lives in `styles`.
const MAPPING: ReadonlyArray<readonly [string, Read]> = [
  ['--lk-container-background', (s) => s.container?.backgroundColor],
  ['--lk-container-border-color', (s) => s.container?.borderColor],
  ['--lk-container-border-radius', (s) => s.container?.borderRadius],
  ['--lk-container-width', (s) => s.container?.width],
  ['--lk-color-primary', (s) => s.colors?.primary],
  ['--lk-color-secondary', (s) => s.colors?.secondary],
  ['--lk-color-success', (s) => s.colors?.success],
  ['--lk-color-error', (s) => s.colors?.error],
  ['--lk-button-primary-background', (s) => s.buttons?.primary?.backgroundColor],
  ['--lk-button-primary-text', (s) => s.buttons?.primary?.textColor],
  ['--lk-button-primary-border-color', (s) => s.buttons?.primary?.borderColor],
  ['--lk-button-primary-border-radius', (s) => s.buttons?.primary?.borderRadius],
  ['--lk-button-secondary-background', (s) => s.buttons?.secondary?.backgroundColor],
  ['--lk-button-secondary-text', (s) => s.buttons?.secondary?.textColor],
  ['--lk-button-secondary-border-color', (s) => s.buttons?.secondary?.borderColor],
  ['--lk-button-secondary-border-radius', (s) => s.buttons?.secondary?.borderRadius],
  ['--lk-input-background', (s) => s.inputs?.backgroundColor],
  ['--lk-input-border-color', (s) => s.inputs?.borderColor],
  ['--lk-input-text', (s) => s.inputs?.textColor],
  ['--lk-input-placeholder', (s) => s.inputs?.placeholderColor],
  ['--lk-input-border-radius', (s) => s.inputs?.borderRadius],
  ['--lk-font-family', (s) => s.fontFamily],
];

/** Every custom property `themeToProperties` can set (the test checks each has a default in tokens.css). */
export const THEMED_PROPERTIES: readonly string[] = MAPPING.map(([name]) => name);

/**
 * The custom properties for `styles`, only for the knobs the host set; everything else keeps
 * its tokens.css default. Numbers become pixels. Applied as inline style on `.lk-root`.
 */
export function themeToProperties(styles: LatchkeyStyles | undefined): Record<string, string> {
  const properties: Record<string, string> = {};
  if (!styles) return properties;
  for (const [name, read] of MAPPING) {
    const value = read(styles);
    if (typeof value === 'number') properties[name] = `${value}px`;
    else if (typeof value === 'string' && value.trim() !== '') properties[name] = value.trim();
  }
  return properties;
}
