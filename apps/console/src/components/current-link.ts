/**
 * @module current-link — keeps the current page's link in sight in a row of links that scrolls
 * sideways (the console's navigation at phone widths): centred in the row, so its neighbours show too.
 */

/**
 * Scrolls `row` sideways so the link in use is centred (as far as the row can scroll): the one the
 * keyboard is on, else the `aria-current="page"` one. A resize that lands after the keyboard moved
 * on (a slow frame) must not scroll the focused link back out of sight.
 */
export function revealCurrentLink(row: HTMLElement): void {
  const focused = row.ownerDocument.activeElement;
  const link =
    focused instanceof HTMLElement && focused !== row && row.contains(focused)
      ? focused
      : row.querySelector<HTMLElement>('[aria-current="page"]');
  if (link) revealLink(row, link);
}

/**
 * Scrolls `row` sideways so `link` is centred: the link the keyboard just reached too (the
 * browser's own scroll on focus leaves it half outside, under the edge's shadow).
 */
export function revealLink(row: HTMLElement, link: HTMLElement): void {
  if (row.scrollWidth <= row.clientWidth) return;
  const rowBox = row.getBoundingClientRect();
  const box = link.getBoundingClientRect();
  const start = box.left - rowBox.left + row.scrollLeft;
  const centred = start - (row.clientWidth - box.width) / 2;
  row.scrollLeft = Math.max(0, Math.min(centred, row.scrollWidth - row.clientWidth));
}

/**
 * Reveals the link in use now and whenever the row changes size (a phone turned, a window
 * narrowed from desktop width, where the row was a column); answers the cleanup.
 */
export function followCurrentLink(row: HTMLElement): () => void {
  revealCurrentLink(row);
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  const observer = new ResizeObserver(() => revealCurrentLink(row));
  observer.observe(row);
  return () => observer.disconnect();
}
