import { describe, expect, it } from 'vitest';
import { copyJsonValue } from './copy-json-value.js';

describe('copyJsonValue', () => {
  it('copies nested objects and arrays so that changing the copy leaves the original alone', () => {
    const original = JSON.parse('{"a":{"b":[1,{"c":"d"}]},"e":null,"f":true,"g":1.5}');
    const copy = copyJsonValue(original);
    expect(copy).toEqual(original);
    copy.a.b[1].c = 'changed';
    copy.a.b.push(2);
    expect(original).toEqual(JSON.parse('{"a":{"b":[1,{"c":"d"}]},"e":null,"f":true,"g":1.5}'));
  });

  it('keeps a "__proto__" claim as a plain own property, as JSON.parse does', () => {
    const original = JSON.parse('{"__proto__":{"isAdmin":true},"sub":"u"}');
    const copy = copyJsonValue(original);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { isAdmin?: boolean }).isAdmin).toBeUndefined();
    expect(Object.keys(copy)).toEqual(['__proto__', 'sub']);
    expect(copy).toEqual(original);
  });
});
