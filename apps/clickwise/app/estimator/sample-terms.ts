/** @module sample-terms — the search terms the landing page's marquee offers to estimate with one click. */

/** Each gives an estimate above zero at every budget (sample-terms.test.ts), never "not popular". */
export const SAMPLE_TERMS: readonly string[] = [
  'buy running shoes',
  'plumber near me',
  'pizza delivery',
  'life insurance quote',
  'wedding photographer',
];
