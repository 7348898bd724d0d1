/**
 * @module json-problem — reads a metadata object typed by hand and, when it is not one, says what
 * is wrong and where (line and column, 1-based), the same in every browser: JSON.parse's messages
 * differ between engines and not all give a position, so the text is checked by a small reader
 * of the JSON grammar (RFC 8259) first.
 */

export type JsonReading =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; message: string; line: number; column: number };

class Problem extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

/** The metadata object `text` holds, or where and why it does not hold one. */
export function readMetadataJson(text: string): JsonReading {
  let at = 0;
  const describe = () => (at >= text.length ? 'the end of the text' : `“${text[at]}”`);
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at] as string)) at++;
  };
  const expect = (what: string, expected: string) => {
    if (text[at] !== what) throw new Problem(`Expected ${expected} but found ${describe()}.`, at);
    at++;
  };
  const string = () => {
    expect('"', 'a quoted string');
    for (;;) {
      const c = text[at];
      if (c === undefined) throw new Problem('This string is never closed: add a ".', at);
      if (c === '"') return void at++;
      if (c < ' ')
        throw new Problem('A line break or control character inside a string: write it as \\n.', at);
      if (c === '\\') {
        const e = text[at + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) {
            throw new Problem('\\u must be followed by four hex digits.', at);
          }
          at += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) at += 2;
        else throw new Problem(`“\\${e ?? ''}” is not an escape JSON knows.`, at);
      } else at++;
    }
  };
  const value = (): void => {
    space();
    const c = text[at];
    if (c === '{') object();
    else if (c === '[') array();
    else if (c === '"') string();
    else at += scalarLength(c);
  };
  /** The length of the number or literal at `at`, or a Problem. */
  const scalarLength = (c: string | undefined): number => {
    const number = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at));
    if (number) return number[0].length;
    const word = ['true', 'false', 'null'].find((w) => text.startsWith(w, at));
    if (word) return word.length;
    if (c === "'") throw new Problem('Strings need double quotes (") in JSON.', at);
    throw new Problem(`Expected a value but found ${describe()}.`, at);
  };
  /** `open`, then members separated by commas (none after the last), then `close`. */
  const members = (open: string, close: string, member: () => void) => {
    expect(open, `“${open}”`);
    space();
    if (text[at] === close) return void at++;
    for (;;) {
      member();
      space();
      if (text[at] !== ',') return expect(close, `“,” or “${close}”`);
      at++;
      space();
      if (text[at] === close)
        throw new Problem(`Remove the comma before “${close}”: JSON allows no trailing comma.`, at);
    }
  };
  const object = () =>
    members('{', '}', () => {
      if (text[at] !== '"') throw new Problem(`Expected a quoted key but found ${describe()}.`, at);
      string();
      space();
      expect(':', '“:” after the key');
      value();
    });
  const array = () => members('[', ']', value);
  try {
    space();
    if (text[at] !== '{') throw new Problem('Metadata is a JSON object: start with “{”.', at);
    object();
    space();
    if (at < text.length) throw new Problem(`Unexpected ${describe()} after the object.`, at);
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    const before = text.slice(0, error.at).split('\n');
    return {
      ok: false,
      message: error.message,
      line: before.length,
      column: (before.at(-1)?.length ?? 0) + 1,
    };
  }
  return { ok: true, value: JSON.parse(text) as Record<string, unknown> };
}

/**
 * The PUT /v1/users body field that turns `stored` into `edited`: the API merges metadata key by
 * key, so a key the operator deleted is sent as null (removed); unchanged keys are left out.
 */
export function metadataPatch(
  stored: Record<string, unknown>,
  edited: Record<string, unknown>,
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(stored)) if (!(key in edited)) patch[key] = null;
  for (const [key, value] of Object.entries(edited)) {
    if (JSON.stringify(stored[key]) !== JSON.stringify(value)) patch[key] = value;
  }
  return patch;
}
