/** The language a send's `locale` picks (RFC 4647 lookup over the hosted provider's four), and the refusal of others. */
import { describe, expect, it } from 'vitest';
import { isApiError } from '../errors/api-error.js';
import { messageLocale, minutesIn, queuedMessageLocale } from './message-locale.js';

describe('messageLocale', () => {
  it('absent or empty is English; the four tags match whatever their case', () => {
    expect(messageLocale(undefined)).toBe('en');
    expect(messageLocale('')).toBe('en');
    expect(['en', 'ES', 'Fr', 'pt-BR', 'pt-br', 'pt_BR'].map(messageLocale)).toEqual([
      'en',
      'es',
      'fr',
      'pt-br',
      'pt-br',
      'pt-br',
    ]);
  });

  it('a more specific tag falls back to its language (RFC 4647 lookup)', () => {
    expect(messageLocale('es-MX')).toBe('es');
    expect(messageLocale('fr-CA')).toBe('fr');
    expect(messageLocale('en-GB-x-private')).toBe('en');
    expect(messageLocale('pt-BR-u-ca-gregory')).toBe('pt-br');
  });

  it('another language → 400 invalid_request naming locale (pt alone is not Brazilian Portuguese)', () => {
    for (const tag of ['de', 'pt', 'pt-PT', 'zh-Hans', 'x', 'not a tag']) {
      let thrown: unknown;
      try {
        messageLocale(tag);
      } catch (error) {
        thrown = error;
      }
      expect(isApiError(thrown), tag).toBe(true);
      expect(thrown).toMatchObject({ code: 'invalid_request' });
      expect(JSON.stringify((thrown as { body?: unknown }).body), tag).toContain('.locale');
    }
  });
});

describe('queued jobs and minutes', () => {
  it('a job without a recorded language is English; minutes agree in number', () => {
    expect(queuedMessageLocale(undefined)).toBe('en');
    expect(queuedMessageLocale('fr')).toBe('fr');
    expect(queuedMessageLocale('de')).toBe('en');
    expect([minutesIn('en', 1), minutesIn('es', 30), minutesIn('pt-br', 1), minutesIn('fr', 10)]).toEqual([
      '1 minute',
      '30 minutos',
      '1 minuto',
      '10 minutes',
    ]);
  });
});
