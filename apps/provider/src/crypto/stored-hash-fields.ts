/**
 * @module stored-hash-fields — the fields of an imported hash's stored form: read as its pattern
 * captures them, written as unpadded base64.
 */

/**
 * The four fields `pattern` captures from `stored`, or undefined when it does not match. The
 * first is typed `First`: the pattern lets through only the algorithm names it lists.
 */
export function storedHashFields<First extends string>(
  pattern: RegExp,
  stored: string,
): [First, string, string, string] | undefined {
  const match = pattern.exec(stored);
  return match ? (match.slice(1, 5) as [First, string, string, string]) : undefined;
}

/** `bytes` as a stored form writes a salt or digest: base64 without its `=` padding. */
export const unpadded = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
