// The navigation row at phone widths scrolls so the current page's link is centred in it, or the
// link the keyboard is on; a row that fits is left alone.
import { describe, expect, it } from 'vitest';
import { revealCurrentLink } from './current-link.js';

/** A row 300 px wide of ten 100 px links (`scrollWidth` wide in all), the `current`-th marked as the page. */
function row(current: number, scrollWidth = 1000): HTMLUListElement {
  const list = document.createElement('ul');
  for (let i = 0; i < 10; i += 1) {
    const link = document.createElement('a');
    link.href = `#link-${i}`;
    if (i === current) link.setAttribute('aria-current', 'page');
    link.getBoundingClientRect = () => ({ left: i * 100 - list.scrollLeft, width: 100 }) as DOMRect;
    list.append(link);
  }
  Object.defineProperty(list, 'clientWidth', { value: 300 });
  Object.defineProperty(list, 'scrollWidth', { value: scrollWidth });
  list.getBoundingClientRect = () => ({ left: 0, width: 300 }) as DOMRect;
  return list;
}

describe('revealCurrentLink', () => {
  it('centres the current link, as far as the row scrolls', () => {
    const middle = row(5);
    revealCurrentLink(middle);
    expect(middle.scrollLeft).toBe(400);
    const last = row(9);
    revealCurrentLink(last);
    expect(last.scrollLeft).toBe(700);
    const first = row(0);
    revealCurrentLink(first);
    expect(first.scrollLeft).toBe(0);
  });

  it('centres the link the keyboard is on rather than the current one (a resize after a Tab)', () => {
    const list = row(8);
    document.body.append(list);
    try {
      (list.children[5] as HTMLElement).focus();
      revealCurrentLink(list);
      expect(list.scrollLeft).toBe(400);
    } finally {
      list.remove();
    }
  });

  it('leaves a row that fits alone', () => {
    const list = row(5, 300);
    revealCurrentLink(list);
    expect(list.scrollLeft).toBe(0);
  });
});
