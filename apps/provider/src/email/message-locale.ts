/**
 * @module message-locale — the language of the emails and text messages a send delivers (its
 * `locale`). The hosted provider's reference lists English, Spanish, French and Brazilian
 * Portuguese, English when none is given; it says nothing of other values, so those are refused
 * (400 naming `locale`) rather than silently sent in English.
 */
import { ApiError } from '../errors/api-error.js';

/** The languages messages are written in, as the hosted provider names them. */
export const MESSAGE_LOCALES = ['en', 'es', 'fr', 'pt-br'] as const;

/** One of MESSAGE_LOCALES. */
export type MessageLocale = (typeof MESSAGE_LOCALES)[number];

/** The language of a message when the request names none. */
export const DEFAULT_MESSAGE_LOCALE: MessageLocale = 'en';

function isMessageLocale(value: unknown): value is MessageLocale {
  return typeof value === 'string' && (MESSAGE_LOCALES as readonly string[]).includes(value);
}

/**
 * The language for a request's `locale` (a BCP 47 tag, matched case-insensitively by RFC 4647
 * lookup: `es-MX` → `es`, `pt-BR` → `pt-br`; `pt` alone is not Brazilian Portuguese). Absent or
 * empty → English; a tag no language matches → 400 invalid_request naming `locale`.
 */
export function messageLocale(tag: string | undefined): MessageLocale {
  if (tag === undefined || tag === '') return DEFAULT_MESSAGE_LOCALE;
  let range = tag.toLowerCase().replaceAll('_', '-');
  while (range !== '') {
    if (isMessageLocale(range)) return range;
    // RFC 4647 §3.4: drop the last subtag, and a single-letter one left before it.
    range = range.replace(/(^|-)[^-]*$/, '').replace(/-[a-z0-9]$/, '');
  }
  const message = `is not a language messages are sent in: use one of ${MESSAGE_LOCALES.join(', ')} (or leave it out for English)`;
  throw new ApiError('invalid_request', {
    message: `locale: ${message}`,
    body: [{ dataPath: '.locale', message }],
  });
}

/** The language a queued job recorded; English for a job queued before languages were recorded. */
export function queuedMessageLocale(value: unknown): MessageLocale {
  return isMessageLocale(value) ? value : DEFAULT_MESSAGE_LOCALE;
}

/** "N minutes" in `locale`. */
export function minutesIn(locale: MessageLocale, minutes: number): string {
  const one = minutes === 1;
  switch (locale) {
    case 'es':
    case 'pt-br':
      return one ? '1 minuto' : `${minutes} minutos`;
    default:
      return one ? '1 minute' : `${minutes} minutes`;
  }
}
