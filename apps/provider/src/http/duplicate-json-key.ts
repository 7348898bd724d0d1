/** @module duplicate-json-key — finds a key named twice in one JSON object, which JSON.parse silently resolves to the last. */

interface Frame {
  keys: Set<string> | undefined;
  /** In an object: the next string is a key (after `{` or `,`). */
  expectingKey: boolean;
}

/**
 * The first key that appears twice in one object of `text`, compared after unescaping (so `"a"`
 * and `"\u0061"` are the same key), or undefined. `text` must already be valid JSON: the scan
 * only tracks strings and nesting. Two parsers reading one body differently (ours takes the last
 * `email`, a proxy or WAF may take the first) is how a checked value and a used value diverge.
 */
export function findDuplicateJsonKey(text: string): string | undefined {
  const stack: Frame[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char === 0x22 /* " */) {
      const start = index;
      for (index += 1; text.charCodeAt(index) !== 0x22; index += 1) {
        if (text.charCodeAt(index) === 0x5c /* \ */) index += 1;
      }
      const frame = stack.at(-1);
      if (frame?.keys && frame.expectingKey) {
        const raw = text.slice(start, index + 1);
        const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        if (frame.keys.has(key)) return key;
        frame.keys.add(key);
        frame.expectingKey = false;
      }
    } else if (char === 0x7b /* { */) {
      stack.push({ keys: new Set(), expectingKey: true });
    } else if (char === 0x5b /* [ */) {
      stack.push({ keys: undefined, expectingKey: false });
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      stack.pop();
    } else if (char === 0x2c /* , */) {
      const frame = stack.at(-1);
      if (frame?.keys) frame.expectingKey = true;
    }
  }
  return undefined;
}
