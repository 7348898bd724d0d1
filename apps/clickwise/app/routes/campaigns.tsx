/** /campaigns — the user's campaigns with their estimates. */
import { Link, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { listCampaigns } from '../.server/campaigns.js';
import { findEstimate } from '../.server/estimates.js';
import { appOf, currentUser } from '../.server/request.js';
import { toView } from '../campaign-view.js';
import { formatCount, formatDollars } from '../components/results-panel.js';
import { StatusBadge } from '../components/status-badge.js';

export const meta: MetaFunction = () => [{ title: 'Your campaigns — Clickwise' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = appOf(context);
  const user = await currentUser(request, context);
  if (!user) return { campaigns: [] };
  const rows = await listCampaigns(app.db, user.id);
  const campaigns = await Promise.all(
    rows.map(async (row) => {
      const estimate = await findEstimate(app.db, row.estimate_id);
      return {
        ...toView(row),
        estimate: estimate
          ? { clicks: estimate.clicks.value, conversions: estimate.conversions.value }
          : null,
      };
    }),
  );
  return { campaigns };
}

export default function Campaigns() {
  const { campaigns } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <div className="page-head">
        <h1>Your campaigns</h1>
        <Link to="/campaign" className="button">
          New campaign
        </Link>
      </div>
      {campaigns.length === 0 ? (
        <p>
          No campaigns yet. <Link to="/">Try a search term</Link> and start one from its estimate.
        </p>
      ) : (
        <div className="table-scroll">
          <table className="campaigns-table">
            <thead>
              <tr>
                <th scope="col">Campaign</th>
                <th scope="col">Status</th>
                <th scope="col">Daily budget</th>
                <th scope="col">Estimated clicks / month</th>
                <th scope="col">Estimated conversions / month</th>
              </tr>
            </thead>
            <tbody>
              {campaigns.map((c) => (
                <tr key={c.id} data-campaign-id={c.id}>
                  <th scope="row">
                    <Link to={`/campaigns/${c.id}`}>{c.name}</Link>
                  </th>
                  <td>
                    <StatusBadge status={c.status} />
                  </td>
                  <td>{formatDollars(c.daily_budget)}</td>
                  <td>{c.estimate ? formatCount(c.estimate.clicks) : '—'}</td>
                  <td>{c.estimate ? formatCount(c.estimate.conversions) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
