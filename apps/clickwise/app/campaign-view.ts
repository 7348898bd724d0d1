/** @module campaign-view — campaign rows as the pages show them, and forms from estimates. */

import type { CampaignRow } from './.server/db/database.js';
import type { CampaignFormValues } from './components/campaign-form.js';
import type { Estimate } from './estimator/estimate.js';

/** A campaign as a page shows it (no user id, dates as ISO strings). */
export interface CampaignView {
  id: number;
  name: string;
  search_terms: string[];
  headline: string;
  description: string;
  daily_budget: number;
  locations: string;
  starts_on: string;
  ends_on: string | null;
  status: CampaignRow['status'];
  estimate_id: string | null;
  updated_at: string;
}

export function toView(row: CampaignRow): CampaignView {
  return {
    id: row.id,
    name: row.name,
    search_terms: row.search_terms.split('\n'),
    headline: row.headline,
    description: row.description,
    daily_budget: row.daily_budget_cents / 100,
    locations: row.locations,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    status: row.status,
    estimate_id: row.estimate_id,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** The form of an existing campaign. */
export function formOf(view: CampaignView): CampaignFormValues {
  return {
    name: view.name,
    search_terms: view.search_terms.join('\n'),
    headline: view.headline,
    description: view.description,
    daily_budget: String(view.daily_budget),
    locations: view.locations,
    starts_on: view.starts_on,
    ends_on: view.ends_on ?? '',
  };
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A new campaign's form, prefilled from the estimate it starts from (or blank defaults). */
export function formFromEstimate(estimate: Estimate | null, today: string): CampaignFormValues {
  if (!estimate) {
    return {
      name: '',
      search_terms: '',
      headline: '',
      description: '',
      daily_budget: '50',
      locations: 'United States',
      starts_on: today,
      ends_on: '',
    };
  }
  const term = estimate.search;
  return {
    name: `${capitalized(term)} campaign`.slice(0, 100),
    search_terms: term,
    headline: `${capitalized(term)} — find it here`.slice(0, 90),
    description: `${capitalized(term)}: compare the best options and get started today.`.slice(0, 250),
    daily_budget: String(estimate.daily_budget),
    locations: 'United States',
    starts_on: today,
    ends_on: '',
  };
}

/** The submitted form as strings, for re-showing it with its errors. */
export function formValuesOf(form: FormData): CampaignFormValues {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === 'string' ? value : '';
  };
  return {
    name: text('name'),
    search_terms: text('search_terms'),
    headline: text('headline'),
    description: text('description'),
    daily_budget: text('daily_budget'),
    locations: text('locations'),
    starts_on: text('starts_on'),
    ends_on: text('ends_on'),
  };
}
