/**
 * @module theme/appearance — the host's `appearance` option: colour scheme, design variables and
 * per-element classes, mapped to the same --lk-* custom properties as `styles`.
 */
import type { CssLength } from './theme.js';

/** The design variables of `appearance.variables`; numbers are pixels. */
export interface AppearanceVariables {
  /** Buttons, links, focus accents (`--lk-color-primary`). */
  colorPrimary?: string;
  /** Text on a primary-coloured background (`--lk-color-on-primary`). */
  colorTextOnPrimaryBackground?: string;
  /** The widget box (`--lk-container-background`). */
  colorBackground?: string;
  /** Body text and headings (`--lk-color-text`). */
  colorText?: string;
  /** Hints and secondary text (`--lk-color-muted`). */
  colorTextSecondary?: string;
  colorInputBackground?: string;
  colorInputText?: string;
  /** Borders of the box, the 'or' lines (`--lk-container-border-color`, `--lk-divider-color`). */
  colorBorder?: string;
  colorDanger?: string;
  colorSuccess?: string;
  /** Buttons and fields; the box takes twice as much (`--lk-radius`). */
  borderRadius?: CssLength;
  fontFamily?: string;
  fontSize?: CssLength;
  /** The gap between a screen's parts; the box's padding is twice as much (`--lk-spacing`). */
  spacing?: CssLength;
}

/** Elements that take a class of the host's through `appearance.elements`. */
export type AppearanceElement =
  | 'root'
  | 'container'
  | 'logo'
  | 'headline'
  | 'label'
  | 'input'
  | 'primaryButton'
  | 'secondaryButton'
  | 'dangerButton'
  | 'textButton'
  | 'error'
  | 'divider'
  | 'tab'
  | 'backButton'
  | 'watermark';

/** The colour scheme: `light` (the default), `dark`, or `system` (follows `prefers-color-scheme`). */
export type ColorScheme = 'light' | 'dark' | 'system';

/** The `appearance` a host passes to a widget. */
export interface Appearance {
  colorScheme?: ColorScheme;
  variables?: AppearanceVariables;
  /** Extra class names per element, e.g. `{ primaryButton: 'my-button' }` (space-separated allowed). */
  elements?: Partial<Record<AppearanceElement, string>>;
}

// One row per variable: the custom properties it sets.
const VARIABLES: ReadonlyArray<readonly [keyof AppearanceVariables, readonly string[]]> = [
  ['colorPrimary', ['--lk-color-primary']],
  ['colorTextOnPrimaryBackground', ['--lk-color-on-primary']],
  ['colorBackground', ['--lk-container-background']],
  ['colorText', ['--lk-color-text']],
  ['colorTextSecondary', ['--lk-color-muted']],
  ['colorInputBackground', ['--lk-input-background']],
  ['colorInputText', ['--lk-input-text']],
  ['colorBorder', ['--lk-container-border-color', '--lk-divider-color']],
  ['colorDanger', ['--lk-color-error']],
  ['colorSuccess', ['--lk-color-success']],
  ['borderRadius', ['--lk-radius', '--lk-container-border-radius']],
  ['fontFamily', ['--lk-font-family']],
  ['fontSize', ['--lk-font-size']],
  ['spacing', ['--lk-spacing']],
];

/** Every custom property `appearanceToProperties` can set (the test checks each has a default in tokens.css). */
export const APPEARANCE_PROPERTIES: readonly string[] = VARIABLES.flatMap(([, names]) => names);

/** The custom properties for `appearance.variables`, only for those set; numbers become pixels. */
export function appearanceToProperties(appearance: Appearance | undefined): Record<string, string> {
  const properties: Record<string, string> = {};
  const variables = appearance?.variables;
  if (!variables) return properties;
  for (const [key, names] of VARIABLES) {
    const value = variables[key];
    const text = typeof value === 'number' ? `${value}px` : typeof value === 'string' ? value.trim() : '';
    if (text === '') continue;
    for (const name of names) properties[name] = text;
    // The box's corners are twice the controls' (8px to 4px by default).
    if (key === 'borderRadius') properties['--lk-container-border-radius'] = `calc(${text} * 2)`;
  }
  return properties;
}
