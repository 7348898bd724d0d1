/** @module strings/error-text — the text shown for a ScreenError. */
import type { ScreenError } from '../machine/state.js';
import type { ErrorStringKey } from './error-string-key.js';
import type { ResolvedStrings } from './resolve-strings.js';

/**
 * `errors.<code>` from the table when present (a widget text or a host translation), otherwise
 * the server's message, otherwise the generic error.
 */
export function errorText(error: ScreenError, strings: ResolvedStrings): string {
  // Any code may arrive at run time; one the table does not hold finds no text.
  return strings[`errors.${error.code}` as ErrorStringKey] ?? error.message ?? strings['errors.generic'];
}
