import { getCountries } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { countries } from './countries.js';

describe('countries', () => {
  it('lists every metadata country once with calling code and English name, sorted by name', () => {
    const list = countries();
    expect(list.map((c) => c.code).sort()).toEqual([...getCountries()].sort());
    expect(list.find((c) => c.code === 'US')).toEqual({
      code: 'US',
      callingCode: '1',
      name: 'United States',
    });
    expect(list.find((c) => c.code === 'GB')).toEqual({
      code: 'GB',
      callingCode: '44',
      name: 'United Kingdom',
    });
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    for (const entry of list) expect(entry.callingCode).toMatch(/^[1-9]\d{0,2}$/);
  });

  it('names in the requested language, falls back to English for a malformed tag, and caches', () => {
    expect(countries('de').find((c) => c.code === 'DE')?.name).toBe('Deutschland');
    expect(countries('not a locale!').find((c) => c.code === 'DE')?.name).toBe('Germany');
    expect(countries('de')).toBe(countries('de'));
    expect(Object.isFrozen(countries()[0])).toBe(true);
  });
});
