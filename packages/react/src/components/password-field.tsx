/** @module components/password-field — a labelled password input with a show/hide toggle. */
import {
  type ForwardRefExoticComponent,
  forwardRef,
  type InputHTMLAttributes,
  type RefAttributes,
  useId,
  useState,
} from 'react';
import { useElementClass } from '../theme/element-classes.js';
import { ErrorMessage } from './error-message.js';

/** Props of PasswordField. */
export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  /** Accessible names of the toggle in its two states. */
  showLabel: string;
  hideLabel: string;
  error?: string | undefined;
  /** Ids of further text that describes the field (the strength feedback). */
  describedBy?: string | undefined;
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z"
        fill="currentColor"
      />
      {crossed ? <path d="M3 3.7 4.4 2.3l17.3 17.3-1.4 1.4z" fill="currentColor" /> : null}
    </svg>
  );
}

/**
 * The toggle is a real button after the input (so Tab reaches it) whose name says what it will
 * do; the password is never revealed without the user asking.
 */
export const PasswordField: ForwardRefExoticComponent<PasswordFieldProps & RefAttributes<HTMLInputElement>> =
  forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
    { label, showLabel, hideLabel, error, describedBy, disabled, ...input },
    ref,
  ) {
    const id = useId();
    const errorId = `${id}-error`;
    const [shown, setShown] = useState(false);
    const labelClass = useElementClass('lk-label', 'label');
    const inputClass = useElementClass('lk-input lk-input--password', 'input');
    const described = [error ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ');
    return (
      <div className="lk-field">
        <label className={labelClass} part="label" htmlFor={id}>
          {label}
        </label>
        <div className="lk-password">
          <input
            {...input}
            ref={ref}
            id={id}
            type={shown ? 'text' : 'password'}
            className={inputClass}
            part="input"
            disabled={disabled}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={described || undefined}
          />
          <button
            type="button"
            className="lk-icon-button lk-password-toggle"
            part="password-toggle"
            aria-label={shown ? hideLabel : showLabel}
            aria-controls={id}
            disabled={disabled}
            onClick={() => setShown((value) => !value)}
          >
            <EyeIcon crossed={shown} />
          </button>
        </div>
        {error ? <ErrorMessage id={errorId}>{error}</ErrorMessage> : null}
      </div>
    );
  });
