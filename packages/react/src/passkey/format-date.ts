/** @module passkey/format-date — a passkey's timestamps as a short date in the browser's language. */

/** `iso` as e.g. "Jan 5, 2026" in `locale` (default: the browser's), or null when it is not a date. */
export function formatDate(iso: string | null | undefined, locale?: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}
