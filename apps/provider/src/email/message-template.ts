/**
 * @module message-template — fills the placeholders of a message's copy (`{project}`, `{code}`,
 * `{minutes}`), so every email and text message spells them the same way.
 */
import { type MessageLocale, minutesIn } from './message-locale.js';

/** What a message's copy may name: an absent `code` or `minutes` leaves its placeholder empty. */
export interface MessageValues {
  project: string;
  code?: string;
  minutes?: number;
}

/** `template` with `{project}`, `{code}` and `{minutes}` (in `locale`) filled in. */
export function fillMessage(template: string, locale: MessageLocale, values: MessageValues): string {
  return template
    .replaceAll('{project}', values.project)
    .replaceAll('{code}', values.code ?? '')
    .replaceAll('{minutes}', values.minutes === undefined ? '' : minutesIn(locale, values.minutes));
}
