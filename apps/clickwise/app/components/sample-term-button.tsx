/**
 * A sample search term in the marquee: a submit button of the try-it-out form that estimates that
 * term, through the same submit as the form's own button (and without JavaScript, as a plain post).
 */
import { SAMPLE_FIELD, TRY_IT_OUT_FORM_ID } from '../try-it-out-fields.js';

export function SampleTermButton({ term, readOut }: { term: string; readOut: boolean }) {
  return (
    <button
      type="submit"
      form={TRY_IT_OUT_FORM_ID}
      name={SAMPLE_FIELD}
      value={term}
      // The search field may be empty: the term is in the button, not in the field.
      formNoValidate
      className="marquee-term"
      // The loop's extra copies are hidden from assistive technology, so not tabbable either;
      // a pointer can still click whichever copy passes under it.
      tabIndex={readOut ? undefined : -1}
    >
      <span className="visually-hidden">Estimate </span>
      {term}
    </button>
  );
}
