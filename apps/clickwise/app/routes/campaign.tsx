/** /campaigns/:id — one campaign; start and pause it. Another user's campaign is a 404. */
import {
  type ActionFunctionArgs,
  data,
  Form,
  Link,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from 'react-router';
import { transitionCampaign } from '../.server/campaigns.js';
import { findEstimate } from '../.server/estimates.js';
import { loadOwnCampaign, ownCampaignAction } from '../.server/own-campaign.js';
import { notFound } from '../.server/request.js';
import { toView } from '../campaign-view.js';
import { EstimateSummary } from '../components/estimate-summary.js';
import { formatDollars } from '../components/results-panel.js';
import { StatusBadge } from '../components/status-badge.js';

export const meta: MetaFunction = () => [{ title: 'Campaign — Clickwise' }];

export async function loader(args: LoaderFunctionArgs) {
  const own = await loadOwnCampaign(args);
  if (!own) return { campaign: null, estimate: null };
  return {
    campaign: toView(own.campaign),
    estimate: await findEstimate(own.app.db, own.campaign.estimate_id),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { app, user, id } = await ownCampaignAction(args);
  const { request } = args;
  const intent = (await request.formData()).get('intent');
  if (intent !== 'start' && intent !== 'pause') return data({ error: 'Unknown action.' }, { status: 400 });
  const outcome = await transitionCampaign(app.db, app.clock, user.id, id, intent);
  if (!outcome.ok && outcome.reason === 'not_found') notFound();
  if (!outcome.ok) {
    return data({ error: 'The campaign changed meanwhile; here is its current state.' }, { status: 409 });
  }
  return { error: null };
}

export default function Campaign() {
  const { campaign, estimate } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!campaign) return null;
  return (
    <div className="page">
      <div className="page-head">
        <h1>{campaign.name}</h1>
        <StatusBadge status={campaign.status} />
      </div>
      {result?.error ? (
        <p className="form-error" role="alert">
          {result.error}
        </p>
      ) : null}
      <div className="campaign-actions">
        <Form method="post">
          {campaign.status === 'active' ? (
            <button type="submit" name="intent" value="pause" className="button button-secondary">
              Pause campaign
            </button>
          ) : (
            <button type="submit" name="intent" value="start" className="button">
              {campaign.status === 'draft' ? 'Start campaign' : 'Resume campaign'}
            </button>
          )}
        </Form>
        <Link to={`/campaigns/${campaign.id}/edit`} className="button button-secondary">
          Edit
        </Link>
      </div>
      {estimate ? <EstimateSummary estimate={estimate} /> : null}
      <dl className="campaign-details">
        <dt>Search terms</dt>
        <dd>
          <ul>
            {campaign.search_terms.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
        </dd>
        <dt>Advert</dt>
        <dd>
          <p className="ad-headline">{campaign.headline}</p>
          <p className="ad-description">{campaign.description}</p>
        </dd>
        <dt>Daily budget</dt>
        <dd>{formatDollars(campaign.daily_budget)}</dd>
        <dt>Locations</dt>
        <dd>{campaign.locations}</dd>
        <dt>Runs</dt>
        <dd>
          from {campaign.starts_on}
          {campaign.ends_on ? ` to ${campaign.ends_on}` : ', no end date'}
        </dd>
      </dl>
      <p>
        <Link to="/campaigns">All campaigns</Link>
      </p>
    </div>
  );
}
