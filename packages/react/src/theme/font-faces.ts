/** @module theme/font-faces — @font-face rules for the host's `styles.fonts`, added to the document. */
import type { FontFaceSource } from './theme.js';

// Host-supplied text goes into a stylesheet: keep each value inside its string/url() token.
const quote = (value: string): string =>
  `"${value.replace(/["\\\n\r]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`;

/** The @font-face rules for `fonts`. */
export function fontFaceCss(fonts: readonly FontFaceSource[]): string {
  return fonts
    .map((font) => {
      const parts = [`font-family:${quote(font.family)}`, `src:url(${quote(font.url)})`, 'font-display:swap'];
      if (font.weight !== undefined)
        parts.push(`font-weight:${String(font.weight).replace(/[^\w .-]/g, '')}`);
      if (font.style !== undefined) parts.push(`font-style:${font.style.replace(/[^\w .-]/g, '')}`);
      return `@font-face{${parts.join(';')}}`;
    })
    .join('');
}

/**
 * Adds the rules to `document.head` (a shadow root ignores @font-face) and returns a remover.
 * Identical rules are added once, however many widgets ask.
 */
export function installFontFaces(
  doc: Document,
  fonts: readonly FontFaceSource[],
  nonce?: string,
): () => void {
  const css = fontFaceCss(fonts);
  if (css === '') return () => {};
  const existing = Array.from(doc.head.querySelectorAll<HTMLStyleElement>('style[data-lk-fonts]')).find(
    (style) => style.textContent === css,
  );
  const style = existing ?? doc.createElement('style');
  const users = Number(style.dataset.lkUsers ?? '0') + 1;
  style.dataset.lkUsers = String(users);
  if (!existing) {
    style.setAttribute('data-lk-fonts', '');
    if (nonce) style.setAttribute('nonce', nonce);
    style.textContent = css;
    doc.head.append(style);
  }
  return () => {
    const left = Number(style.dataset.lkUsers ?? '1') - 1;
    style.dataset.lkUsers = String(left);
    if (left <= 0) style.remove();
  };
}
