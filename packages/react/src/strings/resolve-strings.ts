/** @module strings/resolve-strings — merges host overrides over English and looks texts up. */
import { en, type StringKey, type StringOverrides, type Strings } from './en.js';
import type { ErrorStringKey } from './error-string-key.js';
import { interpolate } from './interpolate.js';

/** A looked-up, interpolated text; an unknown `errors.*` key falls back to the generic error. */
export type Translate = (key: StringKey, values?: Readonly<Record<string, string | number>>) => string;

/** The merged table: English with every defined host override on top. */
export type ResolvedStrings = Strings & { readonly [code in ErrorStringKey]?: string | undefined };

// English of the code that arrives later (en-screens.ts, with latchkey-screens.js in the script-tag
// widget). Every merged table inherits from it, so a table made before that code loaded reads its
// texts once it has, while a host's override of the same key, an own property, still wins.
const laterEnglish: Record<string, string> = {};

/** Adds English texts of code that loads after the widget mounted (once, when that code runs). */
export function addEnglish(table: Readonly<Record<string, string>>): void {
  Object.assign(laterEnglish, table);
}

/** Merges `overrides` over the English table; `undefined` values keep the English text. */
export function resolveStrings(overrides?: StringOverrides): ResolvedStrings {
  const merged: Record<string, string> = Object.assign(Object.create(laterEnglish), en);
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (typeof value === 'string') merged[key] = value;
  }
  return merged as ResolvedStrings;
}

/** A `t(key, values)` function over a merged table. */
export function createTranslate(strings: ResolvedStrings): Translate {
  return (key, values) => interpolate(strings[key], values);
}
