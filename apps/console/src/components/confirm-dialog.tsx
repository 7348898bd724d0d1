/**
 * @module confirm-dialog — asks before something that cannot be undone. A modal dialog (focus is
 * held inside, Escape cancels) that opens on "Cancel", so a stray Enter changes nothing; with
 * `typeToConfirm`, it opens on a field where that text (e.g. the user's address) must be typed
 * before the confirm button works.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { FormProblem } from './form-problem.js';

export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** When set, the operator types this to enable the confirm button. */
  typeToConfirm?: string;
  busy?: boolean;
  /** A refusal to show inside the dialog (it stays open). */
  problem?: string | null;
  onConfirm(): void;
  onCancel(): void;
}) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const typedField = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  useEffect(() => {
    // Focus goes back to what opened the dialog when it closes, as a modal dialog's should.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    (typedField.current ?? cancel.current)?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  const ready = props.typeToConfirm === undefined || typed.trim() === props.typeToConfirm;
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !props.busy) props.onConfirm();
        }}
      >
        <h2 id={`${id}-title`}>{props.title}</h2>
        {props.children}
        {props.typeToConfirm !== undefined && (
          <div className="field">
            <label htmlFor={`${id}-typed`}>
              Type <span className="mono">{props.typeToConfirm}</span> to confirm
            </label>
            <input
              id={`${id}-typed`}
              ref={typedField}
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
        )}
        <FormProblem problem={props.problem} />
        <div className="actions">
          <button type="button" className="button secondary" ref={cancel} onClick={props.onCancel}>
            Cancel
          </button>
          <button type="submit" className="button danger" disabled={!ready || props.busy}>
            {props.busy ? 'Working…' : props.confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
