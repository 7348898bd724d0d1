/** The landing page: hero with the try-it-out form, marquee banners, the bottom-half results section. */
import { Link, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { findEstimate } from '../.server/estimates.js';
import { appOf } from '../.server/request.js';
import { Marquee } from '../components/marquee.js';
import { SampleTermButton } from '../components/sample-term-button.js';
import { SiteFooter } from '../components/site-footer.js';
import { SiteHeader } from '../components/site-header.js';
import { TryItOutForm, useTryItOut } from '../components/try-it-out.js';
import type { TermProblem } from '../estimator/estimate.js';
import { PROBLEM_MESSAGES } from '../estimator/problems.js';
import { type PanelState, panelStateOf, toResponse } from '../estimator/response.js';
import { SAMPLE_TERMS } from '../estimator/sample-terms.js';

export const meta: MetaFunction = () => [
  { title: 'Clickwise — see what a search term can bring you' },
  {
    name: 'description',
    content: 'Try a search term, see estimated clicks and conversions, and start a campaign.',
  },
];

const PROMISES = [
  'No card to try it',
  'Estimates in a second',
  'Start and pause any time',
  'Pay only for clicks',
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const stored = await findEstimate(appOf(context).db, url.searchParams.get('results_id'));
  const problem = url.searchParams.get('problem');
  return {
    initial: (stored
      ? panelStateOf(toResponse(stored, stored.id), stored.search)
      : { kind: 'hidden' }) as PanelState,
    problem: problem && problem in PROBLEM_MESSAGES ? PROBLEM_MESSAGES[problem as TermProblem] : null,
    // Set by /account after the provider accepted the deletion (routes/account.tsx).
    accountDeleted: url.searchParams.get('account_deleted') === '1',
  };
}

export default function Home() {
  const { initial, problem, accountDeleted } = useLoaderData<typeof loader>();
  const { onSubmit, section, panel } = useTryItOut(initial);
  return (
    <>
      <SiteHeader />
      <main>
        <section className="hero">
          {accountDeleted ? (
            <p className="form-notice" role="status">
              Your Clickwise account has been deleted, with your campaigns and drafts. You are signed out.
            </p>
          ) : null}
          <h1>See what a search term can bring you</h1>
          <p className="hero-lead">
            Type what your customers search for. Clickwise estimates the clicks and conversions a month of
            adverts would bring, before you spend a cent.
          </p>
          <TryItOutForm onSubmit={onSubmit} />
          {problem ? (
            <p className="form-error" role="alert">
              {problem}
            </p>
          ) : null}
        </section>
        <Marquee
          label="Search terms people try"
          items={SAMPLE_TERMS}
          renderItem={(term, { readOut }) => <SampleTermButton term={term} readOut={readOut} />}
        />
        <section className="bottom-half" id="results" ref={section} aria-label="Your estimate">
          {panel}
          <div className="features">
            <article>
              <h2>Honest estimates</h2>
              <p>
                Our model uses how often words are used, the intent a term shows and your budget.{' '}
                <Link to="/how-estimates-work">See how it works</Link>.
              </p>
            </article>
            <article>
              <h2>From estimate to campaign</h2>
              <p>One click turns an estimate into a draft campaign with your term, headline and budget.</p>
            </article>
            <article>
              <h2>You stay in control</h2>
              <p>Start, pause and edit your campaigns whenever you like.</p>
            </article>
          </div>
        </section>
        <Marquee label="Why Clickwise" items={PROMISES} />
      </main>
      <SiteFooter />
    </>
  );
}
