/** The campaign form: prefilled fields, character counters, server-side errors next to each field. */
import { useEffect, useRef } from 'react';
import { Form } from 'react-router';
import { CAMPAIGN_LIMITS, type CampaignField } from '../campaign-rules.js';
import { attachCounters, DEFAULT_COUNTER_MAX } from '../client/counters.js';
import { CampaignFormField } from './campaign-form-field.js';

/** The form's values as strings, as the page shows and posts them. */
export type CampaignFormValues = Record<
  | 'name'
  | 'search_terms'
  | 'headline'
  | 'description'
  | 'daily_budget'
  | 'locations'
  | 'starts_on'
  | 'ends_on',
  string
>;

interface Props {
  values: CampaignFormValues;
  errors?: Partial<Record<CampaignField, string>>;
  submitLabel: string;
  /** Hidden fields to post along (the estimate the campaign comes from). */
  hidden?: Record<string, string>;
}

export function CampaignForm({ values, errors, submitLabel, hidden = {} }: Props) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => (form.current ? attachCounters(document) : undefined), []);
  const shared = (field: CampaignField) => ({ value: values[field], error: errors?.[field] });
  const limit = (field: keyof typeof CAMPAIGN_LIMITS) => ({ max: CAMPAIGN_LIMITS[field], enforce: true });
  return (
    <Form method="post" className="campaign-form" ref={form} noValidate>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {errors && Object.keys(errors).length > 0 ? (
        <p className="form-error" role="alert">
          Please correct the fields marked below.
        </p>
      ) : null}
      <CampaignFormField field="name" label="Campaign name" {...shared('name')} counter={limit('name')} />
      <CampaignFormField
        field="search_terms"
        label="Search terms (one per line)"
        rows={3}
        {...shared('search_terms')}
        counter={limit('search_terms')}
      />
      <CampaignFormField
        field="headline"
        label="Headline"
        {...shared('headline')}
        counter={limit('headline')}
      />
      {/* No maxlength: its counter falls back to the default of 250, which the server enforces. */}
      <CampaignFormField
        field="description"
        label="Description"
        rows={4}
        {...shared('description')}
        counter={{ max: DEFAULT_COUNTER_MAX, enforce: false }}
      />
      <div className="field-row">
        <CampaignFormField
          field="daily_budget"
          label="Daily budget (USD)"
          inputMode="decimal"
          {...shared('daily_budget')}
        />
        <CampaignFormField
          field="locations"
          label="Locations"
          {...shared('locations')}
          counter={limit('locations')}
        />
      </div>
      <div className="field-row">
        <CampaignFormField field="starts_on" label="Start date" type="date" {...shared('starts_on')} />
        <CampaignFormField field="ends_on" label="End date (optional)" type="date" {...shared('ends_on')} />
      </div>
      <p className="form-actions">
        <button type="submit" className="button">
          {submitLabel}
        </button>
      </p>
    </Form>
  );
}
