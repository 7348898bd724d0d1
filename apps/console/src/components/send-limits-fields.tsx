/**
 * @module send-limits-fields — a project's send limits (emails and passcodes, per recipient,
 * client address and project): the values in force, with the bounds the provider enforces
 * (docs/provider-api.md "Send limits"). 0 turns a count or the cooldown off.
 */
import { NumberField } from './number-field.js';

const WEEK = 7 * 24 * 60 * 60;
/** Key, label, least, most; in the order the provider checks them. */
const LIMITS: Array<[string, string, number, number]> = [
  ['recipient_interval_seconds', 'Wait between sends to one address (seconds; 0: none)', 0, WEEK],
  ['recipient_per_window', 'Sends to one address per window (0: no cap)', 0, 1_000_000],
  ['recipient_window_seconds', 'Window for one address (seconds)', 1, WEEK],
  ['ip_per_window', 'Sends from one network per window (0: no cap)', 0, 1_000_000],
  ['ip_window_seconds', 'Window for one network (seconds)', 1, WEEK],
  ['project_per_window', 'Sends by the whole project per window (0: no cap)', 0, 1_000_000],
  ['project_window_seconds', 'Window for the project (seconds)', 1, WEEK],
];

export function SendLimitsFields(props: {
  limits: Record<string, number>;
  onChange(limits: Record<string, number>): void;
  /** The provider's refusal of one limit, by its key. */
  problemOf(key: string): string | undefined;
}) {
  return (
    <div className="field-row">
      {LIMITS.filter(([key]) => key in props.limits).map(([key, label, min, max]) => (
        <NumberField
          key={key}
          id={`send-limit-${key}`}
          label={label}
          min={min}
          max={max}
          value={props.limits[key] as number}
          onChange={(v) => props.onChange({ ...props.limits, [key]: v })}
          problem={props.problemOf(key)}
        />
      ))}
    </div>
  );
}

/** The keys of `draft` whose values differ from `saved` (what a PATCH sends). */
export function changedLimits(
  draft: Record<string, number>,
  saved: Record<string, number>,
): Record<string, number> {
  return Object.fromEntries(Object.entries(draft).filter(([key, value]) => saved[key] !== value));
}
