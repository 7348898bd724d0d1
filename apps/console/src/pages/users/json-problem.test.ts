// Metadata typed by hand: what is wrong is named with its line and column; the patch sent removes
// deleted keys (null) and leaves unchanged ones out.
import { describe, expect, it } from 'vitest';
import { metadataPatch, readMetadataJson } from './json-problem.js';

describe('readMetadataJson', () => {
  it('reads an object', () => {
    expect(
      readMetadataJson('{\n  "plan": "pro",\n  "seats": [1, 2.5e3, true, null, {"a": "\\u00e9"}]\n}'),
    ).toEqual({
      ok: true,
      value: { plan: 'pro', seats: [1, 2500, true, null, { a: 'é' }] },
    });
    expect(readMetadataJson('  {}  ')).toEqual({ ok: true, value: {} });
  });

  it.each([
    ['{\n  "plan": "pro",\n}', 3, 1, 'trailing comma'],
    ['{\n  "plan": \'pro\'\n}', 2, 11, 'double quotes'],
    ['{\n  plan: "pro"\n}', 2, 3, 'quoted key'],
    ['{\n  "plan" "pro"\n}', 2, 10, '“:” after the key'],
    ['{"plan": "pro"', 1, 15, '“,” or “}”'],
    ['{"a": [1, 2,]}', 1, 13, 'trailing comma'],
    ['{"a": "x\ny"}', 1, 9, 'line break'],
    ['["not", "an object"]', 1, 1, 'JSON object'],
    ['{"a": 1} {"b": 2}', 1, 10, 'after the object'],
    ['{"a": tru}', 1, 7, 'Expected a value'],
  ])('names the line and column of %j', (text, line, column, words) => {
    const reading = readMetadataJson(text);
    expect(reading).toMatchObject({ ok: false, line, column });
    expect(reading.ok ? '' : reading.message).toContain(words);
  });
});

describe('metadataPatch', () => {
  it('sends changed and new keys, removes deleted ones with null, leaves the rest out', () => {
    expect(
      metadataPatch({ plan: 'free', tier: 1, keep: { x: 1 } }, { plan: 'pro', keep: { x: 1 }, region: 'eu' }),
    ).toEqual({ plan: 'pro', tier: null, region: 'eu' });
    expect(metadataPatch({ a: [1] }, { a: [1] })).toEqual({});
  });
});
