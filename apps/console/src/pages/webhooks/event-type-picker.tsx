/**
 * @module event-type-picker — which events an endpoint takes: every type (an empty filter, so
 * types added later are sent too), or the ones ticked from the provider's catalogue.
 */
import { useId } from 'react';

/** One entry of GET /v1/webhooks/event_types. */
export interface WebhookEventTypeInfo {
  event_type: string;
  description: string;
}

export function EventTypePicker(props: {
  catalogue: WebhookEventTypeInfo[];
  /** Empty: every type. */
  value: string[];
  onChange(value: string[]): void;
  /** Shown when "only these" is chosen with none ticked. */
  problem?: string | undefined;
  /** Whether "only these" is chosen (it stays chosen while none are ticked). */
  filtered: boolean;
  onFilteredChange(filtered: boolean): void;
}) {
  const id = useId();
  const { catalogue, value, filtered } = props;
  const toggle = (type: string, on: boolean) =>
    props.onChange(on ? [...value, type] : value.filter((t) => t !== type));
  return (
    <fieldset className="event-picker" aria-describedby={props.problem ? `${id}-error` : undefined}>
      <legend>Events to send</legend>
      <label className="checkbox">
        <input
          type="radio"
          name={`${id}-scope`}
          checked={!filtered}
          onChange={() => props.onFilteredChange(false)}
        />
        <span>
          All events <span className="hint">(including types added later)</span>
        </span>
      </label>
      <label className="checkbox">
        <input
          type="radio"
          name={`${id}-scope`}
          checked={filtered}
          onChange={() => props.onFilteredChange(true)}
        />
        <span>Only the events I choose</span>
      </label>
      {filtered && (
        <ul className="event-types">
          {catalogue.map((type) => (
            <li key={type.event_type}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={value.includes(type.event_type)}
                  aria-describedby={`${id}-${type.event_type}`}
                  onChange={(event) => toggle(type.event_type, event.target.checked)}
                />
                <span>
                  <code className="mono">{type.event_type}</code>
                  <span className="hint event-when" id={`${id}-${type.event_type}`}>
                    {type.description}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {props.problem && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {props.problem}
        </p>
      )}
    </fieldset>
  );
}
