/** @module problems — what the page says about a term that cannot be estimated. */
import type { TermProblem } from './estimate.js';
import { MAX_TERM_LENGTH } from './model.js';

export const PROBLEM_MESSAGES: Record<TermProblem, string> = {
  empty: 'Enter a search term.',
  too_long: `Use at most ${MAX_TERM_LENGTH} characters.`,
  no_words: 'Use words or numbers in your search term.',
};
