/** The hero's 'try it out' form and the bottom-half section with its results panel. */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { scrollToSection } from '../client/scroll.js';
import { BUDGET_OPTIONS, DEFAULT_DAILY_BUDGET, MAX_TERM_LENGTH } from '../estimator/model.js';
import { type PanelState, panelStateOf } from '../estimator/response.js';
import { SAMPLE_FIELD, TRY_IT_OUT_FORM_ID } from '../try-it-out-fields.js';
import { ResultsPanel } from './results-panel.js';

/** The form; posts to its own action (with JavaScript off the server renders the result). */
export function TryItOutForm({ onSubmit }: { onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  return (
    <form method="post" action="/estimate" className="try-it-out" id={TRY_IT_OUT_FORM_ID} onSubmit={onSubmit}>
      <label htmlFor="search">Try a search term your customers would use</label>
      <div className="try-it-out-row">
        <input
          id="search"
          name="search"
          type="search"
          maxLength={MAX_TERM_LENGTH}
          placeholder="e.g. buy running shoes"
          autoComplete="off"
          required
        />
        <label htmlFor="budget" className="visually-hidden">
          Daily budget
        </label>
        <select id="budget" name="budget" defaultValue={String(DEFAULT_DAILY_BUDGET)}>
          {BUDGET_OPTIONS.map((b) => (
            <option key={b} value={b}>
              ${b} a day
            </option>
          ))}
        </select>
        <button type="submit" className="button">
          Estimate
        </button>
      </div>
    </form>
  );
}

/** The sample term when a marquee button submitted the form, else null. */
function sampleTermOf(event: FormEvent<HTMLFormElement>): string | null {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter instanceof HTMLButtonElement && submitter.name === SAMPLE_FIELD ? submitter.value : null;
}

/**
 * The submit of spec §2/§5: only a non-empty trimmed term is sent, as the serialized form, to the
 * form's own action with X-Requested-With; the input is cleared and blurred; the panel goes
 * hidden → loading → results or not-popular; the page scrolls to the section and focuses it.
 * A marquee's sample term is sent as the search, with the form's budget.
 */
export function useTryItOut(initial: PanelState) {
  const [state, setState] = useState<PanelState>(initial);
  const section = useRef<HTMLElement>(null);
  const panel = useRef<HTMLElement>(null);
  const cancelScroll = useRef<() => void>(() => {});
  // Until hydrated the panel offers a plain link to hide it (it works with JavaScript off).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    return () => cancelScroll.current();
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem('search') as HTMLInputElement;
    const sample = sampleTermOf(event);
    const term = (sample ?? input.value).trim();
    if (term === '') return;
    const body = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === 'string') body.append(key, value);
    if (sample !== null) body.set('search', sample);
    input.value = '';
    input.blur();
    setState({ kind: 'loading' });
    if (section.current && panel.current) {
      cancelScroll.current();
      cancelScroll.current = scrollToSection(section.current, panel.current);
    }
    let json: unknown = null;
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Requested-With': 'XMLHttpRequest',
          Accept: 'application/json',
        },
        body,
      });
      json = await response.json();
    } catch (error) {
      console.error('Clickwise: the estimate request failed', error);
    }
    setState(panelStateOf(json, term));
  }

  return {
    onSubmit,
    section,
    panel: (
      <ResultsPanel
        ref={panel}
        state={state}
        {...(hydrated ? { onHide: () => setState({ kind: 'hidden' }) } : {})}
      />
    ),
  };
}
