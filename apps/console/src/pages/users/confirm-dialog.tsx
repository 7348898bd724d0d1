/**
 * @module confirm-dialog — asks before an action that cannot be undone: a modal dialog (focus
 * stays in it, Escape cancels) whose confirm button, when `typeToConfirm` is set, waits until
 * that text is typed.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** When set, the operator types this (e.g. the user's address) to enable the confirm button. */
  typeToConfirm?: string;
  busy?: boolean;
  problem?: string | null;
  onConfirm(): void;
  onCancel(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
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
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
        )}
        {props.problem && (
          <p className="field-error" role="alert">
            {props.problem}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="button danger" disabled={!ready || props.busy}>
            {props.busy ? 'Working…' : props.confirmLabel}
          </button>
          <button type="button" className="button secondary" onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
