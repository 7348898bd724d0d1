/** A scrolling banner (spec §4): the content repeated four times, looping linearly every 10 s. */
import type { CSSProperties } from 'react';

/** Four copies (spec §4); named so each keeps its identity across renders. */
const COPIES = ['first', 'second', 'third', 'fourth'] as const;
export const MARQUEE_REPEATS = COPIES.length;
export const MARQUEE_DURATION_MS = 10_000;

export function Marquee({ items, label }: { items: readonly string[]; label: string }) {
  const style = { '--marquee-duration': `${MARQUEE_DURATION_MS}ms` } as CSSProperties;
  return (
    <section className="marquee" aria-label={label}>
      <div className="marquee-track" style={style}>
        {COPIES.map((copy) => (
          // Only the first copy is read out; the others exist for the seamless loop.
          <ul className="marquee-content" key={copy} aria-hidden={copy !== 'first' ? true : undefined}>
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ))}
      </div>
    </section>
  );
}
