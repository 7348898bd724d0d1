/** /campaigns/:id/edit — change a campaign; validated on the server like a new one. */
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
  useActionData,
  useLoaderData,
} from 'react-router';
import { updateCampaign } from '../.server/campaigns.js';
import { loadOwnCampaign, ownCampaignAction } from '../.server/own-campaign.js';
import { notFound } from '../.server/request.js';
import { validateCampaign } from '../campaign-rules.js';
import { formOf, formValuesOf, toView } from '../campaign-view.js';
import { CampaignForm } from '../components/campaign-form.js';

export const meta: MetaFunction = () => [{ title: 'Edit campaign — Clickwise' }];

export async function loader(args: LoaderFunctionArgs) {
  const own = await loadOwnCampaign(args);
  return { campaign: own ? toView(own.campaign) : null };
}

export async function action(args: ActionFunctionArgs) {
  const { app, user, id } = await ownCampaignAction(args);
  const { request } = args;
  const form = await request.formData();
  const validation = validateCampaign(Object.fromEntries(form));
  if (!validation.ok) return data({ errors: validation.errors, values: formValuesOf(form) }, { status: 400 });
  const updated = await updateCampaign(app.db, app.clock, user.id, id, validation.value);
  if (!updated) notFound();
  return redirect(`/campaigns/${id}`, 303);
}

export default function EditCampaign() {
  const { campaign } = useLoaderData<typeof loader>();
  const submitted = useActionData<typeof action>();
  if (!campaign) return null;
  return (
    <div className="page">
      <h1>Edit “{campaign.name}”</h1>
      <CampaignForm
        values={submitted?.values ?? formOf(campaign)}
        {...(submitted?.errors ? { errors: submitted.errors } : {})}
        submitLabel="Save changes"
      />
    </div>
  );
}
