import { describe, expect, it } from 'vitest';
import { defaultCountryOf } from './default-country.js';

describe('defaultCountryOf', () => {
  it('takes the region of the browser language', () => {
    expect(defaultCountryOf('en-GB')).toBe('GB');
    expect(defaultCountryOf('pt-br')).toBe('BR');
    expect(defaultCountryOf('zh-Hant-TW')).toBe('TW');
  });

  it('falls back to US without a country region', () => {
    for (const language of [undefined, '', 'de', 'es-419', 'not a tag']) {
      expect(defaultCountryOf(language)).toBe('US');
    }
  });
});
