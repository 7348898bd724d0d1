// Whether a page fits its viewport sideways (issue 17 item 7): nothing may make a phone scroll the
// page, or the widget, from side to side.
import { expect, type Page } from '@playwright/test';

/** The phone widths the widget must fit: the narrowest in use (320 px) and a common Android (360 px). */
export const PHONE_WIDTHS = [320, 360] as const;

interface Overflow {
  box: string;
  scrollWidth: number;
  clientWidth: number;
  /** Elements whose right edge passes the box's, to say what pushed it. */
  culprits: string[];
}

/**
 * Asserts `scrollWidth <= clientWidth` for the document and for each widget root (`.lk-root`,
 * light DOM or open shadow root), naming the elements that stick out when it fails.
 */
export async function expectFitsWidth(page: Page, what: string): Promise<void> {
  const overflows = await page.evaluate((): Overflow[] => {
    const describe = (element: Element): string => {
      const classes = [...element.classList].slice(0, 2).join('.');
      const text = (element.textContent ?? '').trim().slice(0, 30);
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text}"`;
    };
    const culpritsOf = (box: Element, right: number): string[] =>
      [...box.querySelectorAll('*')]
        .filter((element) => element.getBoundingClientRect().right > right + 0.5)
        .slice(-5)
        .map((element) => `${describe(element)} right=${Math.round(element.getBoundingClientRect().right)}`);
    const roots: Element[] = [...document.querySelectorAll('.lk-root')];
    for (const host of document.querySelectorAll('*'))
      if (host.shadowRoot) roots.push(...host.shadowRoot.querySelectorAll('.lk-root'));
    const doc = document.documentElement;
    const boxes: Array<[string, Element, number]> = [
      ['document', doc, doc.clientWidth],
      ...roots.map((root, i): [string, Element, number] => [
        `widget root ${i + 1}`,
        root,
        root.getBoundingClientRect().left + root.clientWidth,
      ]),
    ];
    return boxes
      .filter(([, box]) => box.scrollWidth > box.clientWidth)
      .map(([name, box, right]) => ({
        box: name,
        scrollWidth: box.scrollWidth,
        clientWidth: box.clientWidth,
        culprits: culpritsOf(box === doc ? document.body : box, right),
      }));
  });
  expect(overflows, `${what}: nothing scrolls sideways`).toEqual([]);
}
