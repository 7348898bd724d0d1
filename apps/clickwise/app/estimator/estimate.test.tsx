import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ResultsPanel } from '../components/results-panel.js';
import { estimate, normalizeTerm, termProblem, wordsOf } from './estimate.js';
import { BUDGET_OPTIONS, MAX_TERM_LENGTH } from './model.js';
import { panelStateOf, toResponse } from './response.js';
import { subtlexFrequencies } from './subtlex.server.js';

const corpus = subtlexFrequencies();
const terms = [
  'buy running shoes',
  'plumber near me',
  'nike',
  'how to fix a leaking tap',
  'pizza delivery',
  'shoes',
];

describe('estimate', () => {
  it('is deterministic: the same term and budget give the same estimate, every time', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...terms, 'qwzxv blorft'),
        fc.constantFrom(...BUDGET_OPTIONS),
        (term, budget) => {
          expect(estimate(term, budget, corpus)).toEqual(estimate(term, budget, corpus));
        },
      ),
    );
    // And across a fresh corpus load: nothing depends on time or randomness.
    expect(estimate('buy running shoes', 50, corpus).clicks.value).toBe(416.69);
  });

  it('is monotonic: a bigger budget never lowers clicks or conversions', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...terms), fc.string({ minLength: 1, maxLength: 40 })),
        fc.double({ min: 0, max: 100_000, noNaN: true }),
        fc.double({ min: 0, max: 100_000, noNaN: true }),
        (term, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const small = estimate(term, low, corpus);
          const big = estimate(term, high, corpus);
          expect(big.clicks.value).toBeGreaterThanOrEqual(small.clicks.value);
          expect(big.conversions.value).toBeGreaterThanOrEqual(small.conversions.value);
        },
      ),
    );
  });

  it('gives a bounded, non-negative estimate for any text', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.double({ min: 0, max: 10_000, noNaN: true }),
        (raw, budget) => {
          const e = estimate(normalizeTerm(raw), budget, corpus);
          for (const f of [e.clicks, e.conversions]) {
            expect(f.value).toBeGreaterThanOrEqual(0);
            expect(f.low).toBeLessThanOrEqual(f.value);
            expect(f.high).toBeGreaterThanOrEqual(f.value);
          }
          expect(e.monthly_spend).toBeLessThanOrEqual(budget * 30.4 + 0.01);
        },
      ),
    );
  });

  it('knows a commercial term from a question and a nonsense term from both', () => {
    const buy = estimate('buy running shoes', 50, corpus);
    const question = estimate('how to tie running shoes', 50, corpus);
    expect(buy.intent).toBe('commercial');
    expect(question.intent).toBe('question');
    expect(buy.conversions.value).toBeGreaterThan(question.conversions.value);
    const nonsense = estimate('qwzxv blorft', 250, corpus);
    expect(nonsense).toMatchObject({ monthly_searches: 0, unknown_words: ['qwzxv', 'blorft'] });
    expect(nonsense.conversions.value).toBe(0);
    expect(nonsense.cost_per_click).toBeNull();
  });

  it('refuses empty and oversized terms, and terms without words', () => {
    expect(termProblem(normalizeTerm('   '))).toBe('empty');
    expect(termProblem(normalizeTerm('a'.repeat(MAX_TERM_LENGTH + 1)))).toBe('too_long');
    expect(termProblem(normalizeTerm('a'.repeat(MAX_TERM_LENGTH)))).toBeNull();
    expect(termProblem('<>!!')).toBe('no_words');
    expect(normalizeTerm('  buy \n\t shoes ')).toBe('buy shoes');
  });

  it('treats an HTML-laden term as words and echoes it as text, never markup', () => {
    const term = '<img src=x onerror=alert(1)> <script>alert("x")</script> shoes';
    // Only words count (at most MAX_WORDS of them); the markup around them is ignored.
    expect(wordsOf(term)).toEqual(['img', 'src', 'x', 'onerror', 'alert', '1', 'script', 'alert']);
    const e = estimate(term, 50, corpus);
    expect(e.search).toBe(term);
    const state = panelStateOf(
      toResponse({ ...e, conversions: { value: 3, low: 2, high: 4 } }, 'abcdefghijklmnop'),
      term,
    );
    const html = renderToStaticMarkup(<Stub element={<ResultsPanel state={state} />} />);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    const empty = renderToStaticMarkup(
      <Stub element={<ResultsPanel state={{ kind: 'not-popular', search: term }} />} />,
    );
    expect(empty).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

/** The panel links with <Link>, which needs a router around it. */
function Stub({ element }: { element: React.ReactElement }) {
  const Routes = createRoutesStub([{ path: '/', Component: () => element }]);
  return <Routes initialEntries={['/']} />;
}
