/** The campaign form: prefilled fields, character counters, server-side errors next to each field. */
import { useEffect, useRef } from 'react';
import { Form } from 'react-router';
import { CAMPAIGN_LIMITS, type CampaignField } from '../campaign-rules.js';
import { attachCounters, counterText, DEFAULT_COUNTER_MAX } from '../client/counters.js';

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

function Counter({ target, value, max }: { target: string; value: string; max: number }) {
  return (
    <span className="char-counter" id={`${target}-counter`} data-counter-target={target}>
      {counterText([...value].length, max)}
    </span>
  );
}

function FieldError({ field, errors }: { field: CampaignField; errors: Props['errors'] }) {
  const message = errors?.[field];
  return message ? (
    <span className="field-error" id={`${field}-error`}>
      {message}
    </span>
  ) : null;
}

export function CampaignForm({ values, errors, submitLabel, hidden = {} }: Props) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => (form.current ? attachCounters(document) : undefined), []);
  const describedBy = (field: string, counter = true) =>
    [counter ? `${field}-counter` : '', errors?.[field as CampaignField] ? `${field}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const invalid = (field: CampaignField) => (errors?.[field] ? true : undefined);
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
      <div className="field">
        <label htmlFor="name">Campaign name</label>
        <input
          id="name"
          name="name"
          defaultValue={values.name}
          maxLength={CAMPAIGN_LIMITS.name}
          aria-describedby={describedBy('name')}
          aria-invalid={invalid('name')}
        />
        <Counter target="name" value={values.name} max={CAMPAIGN_LIMITS.name} />
        <FieldError field="name" errors={errors} />
      </div>
      <div className="field">
        <label htmlFor="search_terms">Search terms (one per line)</label>
        <textarea
          id="search_terms"
          name="search_terms"
          rows={3}
          defaultValue={values.search_terms}
          maxLength={CAMPAIGN_LIMITS.search_terms}
          aria-describedby={describedBy('search_terms')}
          aria-invalid={invalid('search_terms')}
        />
        <Counter target="search_terms" value={values.search_terms} max={CAMPAIGN_LIMITS.search_terms} />
        <FieldError field="search_terms" errors={errors} />
      </div>
      <div className="field">
        <label htmlFor="headline">Headline</label>
        <input
          id="headline"
          name="headline"
          defaultValue={values.headline}
          maxLength={CAMPAIGN_LIMITS.headline}
          aria-describedby={describedBy('headline')}
          aria-invalid={invalid('headline')}
        />
        <Counter target="headline" value={values.headline} max={CAMPAIGN_LIMITS.headline} />
        <FieldError field="headline" errors={errors} />
      </div>
      <div className="field">
        <label htmlFor="description">Description</label>
        {/* No maxlength: its counter falls back to the default of 250, which the server enforces. */}
        <textarea
          id="description"
          name="description"
          rows={4}
          defaultValue={values.description}
          aria-describedby={describedBy('description')}
          aria-invalid={invalid('description')}
        />
        <Counter target="description" value={values.description} max={DEFAULT_COUNTER_MAX} />
        <FieldError field="description" errors={errors} />
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="daily_budget">Daily budget (USD)</label>
          <input
            id="daily_budget"
            name="daily_budget"
            inputMode="decimal"
            defaultValue={values.daily_budget}
            aria-describedby={describedBy('daily_budget', false)}
            aria-invalid={invalid('daily_budget')}
          />
          <FieldError field="daily_budget" errors={errors} />
        </div>
        <div className="field">
          <label htmlFor="locations">Locations</label>
          <input
            id="locations"
            name="locations"
            defaultValue={values.locations}
            maxLength={CAMPAIGN_LIMITS.locations}
            aria-describedby={describedBy('locations')}
            aria-invalid={invalid('locations')}
          />
          <Counter target="locations" value={values.locations} max={CAMPAIGN_LIMITS.locations} />
          <FieldError field="locations" errors={errors} />
        </div>
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="starts_on">Start date</label>
          <input
            id="starts_on"
            name="starts_on"
            type="date"
            defaultValue={values.starts_on}
            aria-describedby={describedBy('starts_on', false)}
            aria-invalid={invalid('starts_on')}
          />
          <FieldError field="starts_on" errors={errors} />
        </div>
        <div className="field">
          <label htmlFor="ends_on">End date (optional)</label>
          <input
            id="ends_on"
            name="ends_on"
            type="date"
            defaultValue={values.ends_on}
            aria-describedby={describedBy('ends_on', false)}
            aria-invalid={invalid('ends_on')}
          />
          <FieldError field="ends_on" errors={errors} />
        </div>
      </div>
      <p className="form-actions">
        <button type="submit" className="button">
          {submitLabel}
        </button>
      </p>
    </Form>
  );
}
