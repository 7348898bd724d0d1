/** /campaign?adhoc_result={results_id} — a new campaign, prefilled from the estimate. */
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
  useActionData,
  useLoaderData,
} from 'react-router';
import { createCampaign } from '../.server/campaigns.js';
import { findEstimate } from '../.server/estimates.js';
import { appOf, assertSameOrigin, currentUser } from '../.server/request.js';
import { validateCampaign } from '../campaign-rules.js';
import { formFromEstimate, formValuesOf } from '../campaign-view.js';
import { CampaignForm } from '../components/campaign-form.js';
import { EstimateSummary } from '../components/estimate-summary.js';

export const meta: MetaFunction = () => [{ title: 'New campaign — Clickwise' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = appOf(context);
  const user = await currentUser(request, context);
  const estimate = await findEstimate(app.db, new URL(request.url).searchParams.get('adhoc_result'));
  if (!user) return { signedIn: false as const, estimate, form: null };
  const today = app.clock.now().toISOString().slice(0, 10);
  return { signedIn: true as const, estimate, form: formFromEstimate(estimate, today) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request, context);
  const app = appOf(context);
  const user = await currentUser(request, context);
  if (!user) throw new Response('Sign in first.', { status: 401 });
  const form = await request.formData();
  const validation = validateCampaign(Object.fromEntries(form));
  if (!validation.ok) return data({ errors: validation.errors, values: formValuesOf(form) }, { status: 400 });
  const estimateId = form.get('adhoc_result');
  const estimate = await findEstimate(app.db, typeof estimateId === 'string' ? estimateId : null);
  const campaign = await createCampaign(app.db, app.clock, user.id, validation.value, estimate?.id ?? null);
  return redirect(`/campaigns/${campaign.id}`, 303);
}

export default function NewCampaign() {
  const { signedIn, estimate, form } = useLoaderData<typeof loader>();
  const submitted = useActionData<typeof action>();
  if (!signedIn || !form) return null;
  return (
    <div className="page">
      <h1>New campaign</h1>
      {estimate ? <EstimateSummary estimate={estimate} /> : null}
      <CampaignForm
        values={submitted?.values ?? form}
        {...(submitted?.errors ? { errors: submitted.errors } : {})}
        submitLabel="Save as draft"
        hidden={estimate ? { adhoc_result: estimate.id } : {}}
      />
    </div>
  );
}
