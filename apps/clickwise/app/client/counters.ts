/** @module counters — character counters tied to their input by `data-counter-target` (spec §3, §5). */

/** Spec §5: a counter whose input has no maxlength counts against 250. */
export const DEFAULT_COUNTER_MAX = 250;

/** The limit of an input: its maxlength attribute when set, else the default. */
export function limitOf(input: HTMLInputElement | HTMLTextAreaElement): number {
  const attribute = Number(input.getAttribute('maxlength'));
  return Number.isInteger(attribute) && attribute > 0 ? attribute : DEFAULT_COUNTER_MAX;
}

/** The counter's text for `length` of `max` characters. */
export function counterText(length: number, max: number): string {
  return `${length} / ${max}`;
}

/**
 * Keeps every `[data-counter-target]` element under `root` showing the length of the input
 * whose id it names; marks it `data-over` when past the limit. Returns a detach function.
 */
export function attachCounters(root: ParentNode): () => void {
  const detach: (() => void)[] = [];
  for (const counter of root.querySelectorAll<HTMLElement>('[data-counter-target]')) {
    const id = counter.dataset.counterTarget ?? '';
    const input = (root as Document).getElementById
      ? (root as Document).getElementById(id)
      : root.querySelector(`#${CSS.escape(id)}`);
    if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) continue;
    const update = () => {
      const max = limitOf(input);
      const length = [...input.value].length;
      counter.textContent = counterText(length, max);
      counter.toggleAttribute('data-over', length > max);
    };
    update();
    input.addEventListener('input', update);
    detach.push(() => input.removeEventListener('input', update));
  }
  return () => {
    for (const d of detach) d();
  };
}
