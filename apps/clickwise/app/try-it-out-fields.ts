/** @module try-it-out-fields — names the try-it-out form and its server action share. */

/** The form's id: the marquee's sample terms submit it from outside (their `form` attribute). */
export const TRY_IT_OUT_FORM_ID = 'try-it-out';

/** The field a sample term's button sends its term in, instead of the search field's value. */
export const SAMPLE_FIELD = 'sample';
