/**
 * @module audit-filter-form — the audit log's filters; applied together, checked before the call,
 * kept as typed when refused. On a narrow screen they fold behind a "Filters" button that says how
 * many are applied (insights.css), so the records start on the first screen; wide screens always
 * show them.
 */
import { useId, useState } from 'react';
import { FormProblem } from '../components/form-problem.js';
import { ACTOR_TYPES, type AuditFilters, filtersProblem, KNOWN_ACTIONS, NO_FILTERS } from './audit-query.js';

export function AuditFilterForm({
  initial,
  onApply,
}: {
  initial: AuditFilters;
  onApply(next: AuditFilters): void;
}) {
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | undefined>();
  const [shown, setShown] = useState(false);
  const id = useId();
  const applied = Object.values(initial).filter(Boolean).length;
  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: event.target.value });
  return (
    <form
      className="panel filters"
      aria-label="Filters"
      onSubmit={(event) => {
        event.preventDefault();
        const found = filtersProblem(draft);
        setProblem(found);
        if (!found) onApply(draft);
      }}
    >
      {/* Shown only on narrow screens (insights.css). */}
      <button
        type="button"
        className="button secondary filters-toggle"
        aria-expanded={shown}
        aria-controls={`${id}-fields`}
        onClick={() => setShown(!shown)}
      >
        Filters{applied > 0 && ` (${applied} active)`}
      </button>
      <div id={`${id}-fields`} className="filters-fields" data-folded={!shown}>
        <div className="field-row">
          <div className="field">
            <label htmlFor="audit-action">Action</label>
            <input
              id="audit-action"
              list="audit-actions"
              placeholder="user.deleted"
              value={draft.action}
              onChange={set('action')}
              aria-describedby="audit-action-hint"
            />
            <datalist id="audit-actions">
              {KNOWN_ACTIONS.map((action) => (
                <option key={action} value={action} />
              ))}
            </datalist>
            <p id="audit-action-hint" className="hint">
              One, or several separated by commas.
            </p>
          </div>
          <div className="field">
            <label htmlFor="audit-actor-type">Actor</label>
            <select id="audit-actor-type" value={draft.actor_type} onChange={set('actor_type')}>
              <option value="">Anyone</option>
              {ACTOR_TYPES.map((type) => (
                <option key={type} value={type}>
                  {`${type.charAt(0).toUpperCase()}${type.slice(1)}`}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="audit-actor-id">Actor ID</label>
            <input id="audit-actor-id" value={draft.actor_id} onChange={set('actor_id')} />
          </div>
          <div className="field">
            <label htmlFor="audit-after">From (UTC)</label>
            <input id="audit-after" type="datetime-local" value={draft.after} onChange={set('after')} />
          </div>
          <div className="field">
            <label htmlFor="audit-before">Until (UTC)</label>
            <input id="audit-before" type="datetime-local" value={draft.before} onChange={set('before')} />
          </div>
        </div>
        <FormProblem problem={problem} />
        <div className="actions">
          <button type="submit" className="button">
            Apply filters
          </button>
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              setDraft(NO_FILTERS);
              setProblem(undefined);
              onApply(NO_FILTERS);
            }}
          >
            Clear
          </button>
        </div>
      </div>
    </form>
  );
}
