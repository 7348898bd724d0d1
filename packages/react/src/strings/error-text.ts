/** @module strings/error-text — the text shown for a ScreenError. */
import type { ScreenError } from '../machine/state.js';
import type { ResolvedStrings } from './resolve-strings.js';

/**
 * `errors.<code>` from the table when present (a widget text or a host translation), otherwise
 * the server's message, otherwise the generic error.
 */
export function errorText(error: ScreenError, strings: ResolvedStrings): string {
  return strings[`errors.${error.code}`] ?? error.message ?? strings['errors.generic'];
}
