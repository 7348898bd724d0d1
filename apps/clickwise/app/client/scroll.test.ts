import { describe, expect, it } from 'vitest';
import { easeInOut, FOCUS_DELAY_MS, SCROLL_DURATION_MS, scrollTarget } from './scroll.js';

describe('the scroll after a try-it-out submit (spec §9)', () => {
  it('lands 65% of the top padding below the section top, never above the page', () => {
    expect(scrollTarget(400, 100, 48)).toBeCloseTo(400 + 100 + 0.65 * 48);
    expect(scrollTarget(-500, 100, 0)).toBe(0);
  });

  it('takes 500 ms and focuses 1250 ms later, easing from start to end', () => {
    expect([SCROLL_DURATION_MS, FOCUS_DELAY_MS]).toEqual([500, 1250]);
    expect([easeInOut(0), easeInOut(0.5), easeInOut(1)]).toEqual([0, 0.5, 1]);
  });
});
