/**
 * @module confirm-dialog — asks before something that cannot be undone. A modal dialog (focus is
 * held inside, Escape cancels) that opens on "Cancel", so a stray Enter changes nothing.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';

export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  /** A refusal to show inside the dialog (it stays open). */
  problem?: string | null;
  onConfirm(): void;
  onCancel(): void;
}) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    cancel.current?.focus();
  }, []);
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
      <h2 id={`${id}-title`}>{props.title}</h2>
      {props.children}
      {props.problem && (
        <p className="field-error" role="alert">
          {props.problem}
        </p>
      )}
      <div className="actions">
        <button type="button" className="button secondary" ref={cancel} onClick={props.onCancel}>
          Cancel
        </button>
        <button type="button" className="button danger" disabled={props.busy} onClick={props.onConfirm}>
          {props.busy ? 'Working…' : props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
