/** Duplicate keys in a JSON body: found at any depth, after unescaping, and never invented. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findDuplicateJsonKey } from './duplicate-json-key.js';

describe('findDuplicateJsonKey', () => {
  it.each([
    ['{"email":"a@x.io","email":"b@x.io"}', 'email'],
    ['{"a":1,"b":{"c":1,"c":2}}', 'c'],
    ['[{"x":1},{"y":1,"y":2}]', 'y'],
    ['{"email":"a","\\u0065mail":"b"}', 'email'],
    ['{ "a" : 1 , "a" : 2 }', 'a'],
    ['{"a\\"":1,"a\\"":2}', 'a"'],
  ])('%s names %s twice', (text, key) => {
    expect(findDuplicateJsonKey(text)).toBe(key);
  });

  it.each([
    '{}',
    '[]',
    '"plain"',
    '{"a":"a","b":"a"}',
    '{"a":{"a":{"a":1}}}',
    '[{"a":1},{"a":2}]',
    '{"a":[{"b":1},{"b":1}],"b":"}\\",\\"b"}',
    '{"text":"{\\"a\\":1,\\"a\\":2}"}',
  ])('%s has no duplicate', (text) => {
    expect(findDuplicateJsonKey(text)).toBeUndefined();
  });

  it('never reports a duplicate in what JSON.stringify writes', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(findDuplicateJsonKey(JSON.stringify(value))).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  it('finds a key repeated anywhere in an object', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 }),
        fc.nat(),
        fc.jsonValue(),
        (object, pick, extra) => {
          const keys = Object.keys(object);
          const key = keys[pick % keys.length] as string;
          const text = `${JSON.stringify(object).slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(extra)}}`;
          expect(findDuplicateJsonKey(text)).toBe(key);
        },
      ),
      { numRuns: 500 },
    );
  });
});
