/**
 * @module list-editor — a list of strings (origins, redirect URLs) with an add field that checks
 * each entry as the provider will, so a bad one is refused inline and nothing typed is lost.
 */
import { useId, useState } from 'react';
import { FormProblem } from './form-problem.js';

export function ListEditor(props: {
  label: string;
  hint: string;
  items: string[];
  onChange(items: string[]): void;
  problemOf(value: string): string | undefined;
  placeholder: string;
  /** A problem the provider reported for this list. */
  serverProblem?: string | undefined;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const add = () => {
    const value = draft.trim();
    const found = value === '' ? 'Type a value first.' : props.problemOf(value);
    setProblem(found);
    if (found) return;
    if (!props.items.includes(value)) props.onChange([...props.items, value]);
    setDraft('');
  };
  const error = problem ?? props.serverProblem;
  return (
    <fieldset className="list-editor">
      <legend>{props.label}</legend>
      <p className="hint" id={`${id}-hint`}>
        {props.hint}
      </p>
      {props.items.length === 0 ? (
        <p className="hint">None yet.</p>
      ) : (
        <ul>
          {props.items.map((item) => (
            <li key={item}>
              <code className="mono">{item}</code>
              <button
                type="button"
                className="link-button"
                aria-label={`Remove ${item}`}
                onClick={() => props.onChange(props.items.filter((i) => i !== item))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="add-row">
        <label htmlFor={`${id}-input`} className="visually-hidden">
          Add to {props.label}
        </label>
        <input
          id={`${id}-input`}
          value={draft}
          placeholder={props.placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setDraft(event.target.value);
            if (problem) setProblem(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button secondary" onClick={add}>
          Add
        </button>
      </div>
      <FormProblem problem={error} id={`${id}-error`} />
    </fieldset>
  );
}
