/** @module phone/flag-emoji — a country's flag as an emoji, and whether this device can draw one. */

// Regional indicator symbol A (U+1F1E6): a flag is the two indicators of its ISO 3166-1 letters.
const REGIONAL_INDICATOR_A = 0x1f1e6;

/** `US` → 🇺🇸; anything but two ASCII letters → ''. */
export function flagEmojiOf(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return '';
  return String.fromCodePoint(
    ...[...code.toUpperCase()].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65),
  );
}

let drawsFlags: boolean | undefined;

/**
 * Whether the system fonts draw flag emoji. Windows draws a flag's two indicators as two letters
 * and a system without an emoji font as two boxes; a real flag is one glyph, about as wide as one
 * indicator drawn alone. Measured once, on an OffscreenCanvas (without one: false).
 */
export function canDrawFlagEmoji(): boolean {
  if (drawsFlags !== undefined) return drawsFlags;
  drawsFlags = false;
  try {
    if (typeof OffscreenCanvas === 'function') {
      const context = new OffscreenCanvas(1, 1).getContext('2d');
      if (context) {
        context.font = '32px sans-serif';
        const flag = context.measureText(flagEmojiOf('US')).width;
        const indicator = context.measureText(flagEmojiOf('US').slice(0, 2)).width;
        drawsFlags = flag > 0 && flag < indicator * 1.5;
      }
    }
  } catch {
    // A canvas that cannot measure: the letters stand in for the flag.
  }
  return drawsFlags;
}
