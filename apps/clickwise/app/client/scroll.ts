/** @module scroll — after a try-it-out submit: scroll to the bottom-half section, then focus. */

/** Spec §9: the scroll animation lasts 500 ms, focus follows 1250 ms later. */
export const SCROLL_DURATION_MS = 500;
export const FOCUS_DELAY_MS = 1250;
/** The scroll lands this share of the section's top padding below its top edge. */
export const PADDING_OFFSET_SHARE = 0.65;

/** Where the page scrolls to: the section's top plus 65% of its top padding. */
export function scrollTarget(sectionTop: number, scrollY: number, paddingTop: number): number {
  return Math.max(0, sectionTop + scrollY + PADDING_OFFSET_SHARE * paddingTop);
}

/** Ease in and out, so the 500 ms scroll does not jerk at either end. */
export function easeInOut(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

/**
 * Scrolls to `section` over 500 ms (at once when the user prefers reduced motion), then
 * focuses `focusTarget` after 1250 ms. Returns a function that cancels both.
 */
export function scrollToSection(section: HTMLElement, focusTarget: HTMLElement): () => void {
  const from = window.scrollY;
  const padding = Number.parseFloat(window.getComputedStyle(section).paddingTop) || 0;
  const to = scrollTarget(section.getBoundingClientRect().top, from, padding);
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const focusLater = () => {
    timer = setTimeout(() => focusTarget.focus({ preventScroll: true }), FOCUS_DELAY_MS);
  };
  if (reduced) {
    window.scrollTo(0, to);
    focusLater();
  } else {
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / SCROLL_DURATION_MS);
      window.scrollTo(0, from + (to - from) * easeInOut(t));
      if (t < 1) frame = requestAnimationFrame(step);
      else focusLater();
    };
    frame = requestAnimationFrame(step);
  }
  return () => {
    cancelAnimationFrame(frame);
    if (timer) clearTimeout(timer);
  };
}
