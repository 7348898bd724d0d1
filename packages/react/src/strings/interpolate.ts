/** @module strings/interpolate — fills `{name}` placeholders of a string-table entry. */

/**
 * Replaces each `{name}` in `template` with `values[name]`; a placeholder without a value stays
 * as written, so a missing value is visible instead of silently empty.
 */
export function interpolate(template: string, values?: Readonly<Record<string, string | number>>): string {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
