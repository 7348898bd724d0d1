/**
 * A scrolling banner (spec §4): the content repeated four times, looping linearly every 10 s.
 * It stops under the pointer (so a term can be clicked), stands still at its start while a key
 * has put focus in it (so every item can be reached), and never moves for people who prefer
 * reduced motion (then it shows its items once, wrapped).
 */
import type { CSSProperties, FocusEvent, ReactNode } from 'react';

/** Four copies (spec §4); named so each keeps its identity across renders. */
const COPIES = ['first', 'second', 'third', 'fourth'] as const;
export const MARQUEE_REPEATS = COPIES.length;
export const MARQUEE_DURATION_MS = 10_000;

/** How an item is drawn; `readOut` is false for the copies that exist only for the seamless loop. */
export type MarqueeItemRenderer = (item: string, copy: { readOut: boolean }) => ReactNode;

const asText: MarqueeItemRenderer = (item) => item;

/**
 * Brings an item reached from the keyboard wholly into view: browsers scroll a focused element
 * into view only when most of it is hidden. Not for a click (no :focus-visible), which must not
 * move the banner under the pointer.
 */
function reveal(event: FocusEvent<HTMLElement>): void {
  const target = event.target;
  if (target instanceof HTMLElement && target.matches(':focus-visible')) {
    target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }
}

/** Back to the start once focus leaves, so the loop's copies line up again. */
function rewind(event: FocusEvent<HTMLElement>): void {
  if (!event.currentTarget.contains(event.relatedTarget as Node | null)) event.currentTarget.scrollLeft = 0;
}

export function Marquee({
  items,
  label,
  renderItem = asText,
}: {
  items: readonly string[];
  label: string;
  renderItem?: MarqueeItemRenderer;
}) {
  const style = { '--marquee-duration': `${MARQUEE_DURATION_MS}ms` } as CSSProperties;
  return (
    <section className="marquee" aria-label={label} onFocus={reveal} onBlur={rewind}>
      <div className="marquee-track" style={style}>
        {COPIES.map((copy) => (
          // Only the first copy is read out; the others exist for the seamless loop.
          <ul className="marquee-content" key={copy} aria-hidden={copy !== 'first' ? true : undefined}>
            {items.map((item) => (
              <li key={item}>{renderItem(item, { readOut: copy === 'first' })}</li>
            ))}
          </ul>
        ))}
      </div>
    </section>
  );
}
