/** One field of the campaign form: its label, control, live character counter and server error. */
import type { InputHTMLAttributes } from 'react';
import type { CampaignField } from '../campaign-rules.js';
import { counterText } from '../client/counters.js';

interface Props {
  field: CampaignField;
  label: string;
  value: string;
  error: string | undefined;
  /** Shows a counter towards `max`; `enforce` also sets `maxlength` (the description only counts). */
  counter?: { max: number; enforce: boolean };
  /** A textarea of this many rows instead of an input. */
  rows?: number;
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
}

export function CampaignFormField({ field, label, value, error, counter, rows, type, inputMode }: Props) {
  const counterId = `${field}-counter`;
  const errorId = `${field}-error`;
  const control = {
    id: field,
    name: field,
    defaultValue: value,
    maxLength: counter?.enforce ? counter.max : undefined,
    'aria-describedby':
      [counter ? counterId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined,
    'aria-invalid': error ? true : undefined,
  };
  return (
    <div className="field">
      <label htmlFor={field}>{label}</label>
      {rows ? (
        <textarea rows={rows} {...control} />
      ) : (
        <input type={type} inputMode={inputMode} {...control} />
      )}
      {counter ? (
        <span className="char-counter" id={counterId} data-counter-target={field}>
          {counterText([...value].length, counter.max)}
        </span>
      ) : null}
      {error ? (
        <span className="field-error" id={errorId}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
