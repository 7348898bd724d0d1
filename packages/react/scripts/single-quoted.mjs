// The string literal the generators write into TypeScript modules (build-css.mjs,
// wallet-logo-svgs.mjs): single-quoted and on one line, the form the repository's formatter keeps.

/** `text` as a single-quoted JS string literal on one line. */
export function singleQuoted(text) {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}
