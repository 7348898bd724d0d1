/**
 * @module metadata-editor — a user's trusted or untrusted metadata as editable JSON: what is not a
 * JSON object is named with its line and column as it is typed, nothing is sent until it is one,
 * and a refused save keeps the text as typed.
 */
import { useId, useState } from 'react';
import { metadataPatch, readMetadataJson } from './json-problem.js';

export function MetadataEditor(props: {
  label: string;
  hint: string;
  stored: Record<string, unknown>;
  /** Sends the change (only the keys that differ; a removed key as null); rejects with the API's message. */
  save(patch: Record<string, unknown>): Promise<unknown>;
}) {
  const id = useId();
  const original = JSON.stringify(props.stored, null, 2);
  const [text, setText] = useState(original);
  // A save answers the stored value: show it as stored (formatted), and keep "Saved." in view —
  // remounting the editor for it would lose that confirmation.
  const [shownOriginal, setShownOriginal] = useState(original);
  if (shownOriginal !== original) {
    setShownOriginal(original);
    setText(original);
  }
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const reading = readMetadataJson(text);
  const patch = reading.ok ? metadataPatch(props.stored, reading.value) : {};
  const changed = Object.keys(patch).length > 0;
  const errorId = `${id}-error`;
  return (
    <form
      className="metadata-editor"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!reading.ok || !changed) return;
        setBusy(true);
        setOutcome(null);
        try {
          await props.save(patch);
          setOutcome({ ok: true, message: 'Saved.' });
        } catch (error) {
          setOutcome({ ok: false, message: (error as Error).message });
        } finally {
          setBusy(false);
        }
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-text`}>{props.label}</label>
        <p id={`${id}-hint`} className="hint">
          {props.hint}
        </p>
        <textarea
          id={`${id}-text`}
          spellCheck={false}
          autoCapitalize="off"
          rows={Math.min(16, Math.max(4, text.split('\n').length + 1))}
          value={text}
          aria-invalid={reading.ok ? undefined : true}
          aria-describedby={reading.ok ? `${id}-hint` : `${id}-hint ${errorId}`}
          onChange={(event) => {
            setText(event.target.value);
            setOutcome(null);
          }}
        />
        {!reading.ok && (
          <p id={errorId} className="field-error">
            Line {reading.line}, column {reading.column}: {reading.message}
          </p>
        )}
      </div>
      <div className="actions">
        <button type="submit" className="button" disabled={busy || !reading.ok || !changed}>
          {busy ? 'Saving…' : `Save ${props.label.toLowerCase()}`}
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={busy || text === original}
          onClick={() => {
            setText(original);
            setOutcome(null);
          }}
        >
          Undo edits
        </button>
      </div>
      <p className={outcome?.ok === false ? 'field-error' : 'ok'} role="status">
        {outcome?.message ?? ''}
      </p>
    </form>
  );
}
