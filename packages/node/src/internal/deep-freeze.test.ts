import { describe, expect, it } from 'vitest';
import { deepFreeze } from './deep-freeze.js';

describe('deepFreeze', () => {
  it('freezes nested objects and arrays, leaving every value as it was', () => {
    const text = '{"a":{"b":[1,{"c":"d"}]},"e":null,"f":true,"g":1.5}';
    const frozen = deepFreeze(JSON.parse(text));

    expect(frozen).toEqual(JSON.parse(text));
    for (const value of [frozen, frozen.a, frozen.a.b, frozen.a.b[1]])
      expect(Object.isFrozen(value)).toBe(true);
    expect(() => {
      frozen.a.b[1].c = 'changed';
    }).toThrow(TypeError);
    expect(() => frozen.a.b.push(2)).toThrow(TypeError);
  });

  it('freezes a "__proto__" claim as the plain own property JSON.parse makes it, never a prototype', () => {
    const frozen = deepFreeze(JSON.parse('{"__proto__":{"isAdmin":true},"sub":"u"}'));

    expect(Object.getPrototypeOf(frozen)).toBe(Object.prototype);
    expect((frozen as { isAdmin?: boolean }).isAdmin).toBeUndefined();
    expect(Object.keys(frozen)).toEqual(['__proto__', 'sub']);
    expect(Object.isFrozen(Object.getOwnPropertyDescriptor(frozen, '__proto__')?.value)).toBe(true);
  });
});
