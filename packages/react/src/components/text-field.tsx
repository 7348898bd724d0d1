/** @module components/text-field — a labelled input with its own error line. */
import {
  type ForwardRefExoticComponent,
  forwardRef,
  type InputHTMLAttributes,
  type RefAttributes,
  useId,
} from 'react';
import { useElementClass } from '../theme/element-classes.js';
import { ErrorMessage } from './error-message.js';

/** Props of TextField: the input's own attributes plus a visible label and an optional error. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
}

/**
 * A label tied to its input, and an error tied through aria-describedby and aria-invalid. Uses
 * forwardRef (not ref-as-prop) so it also runs on preact/compat and React 18.
 */
export const TextField: ForwardRefExoticComponent<TextFieldProps & RefAttributes<HTMLInputElement>> =
  forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, ...input }, ref) {
    const id = useId();
    const errorId = `${id}-error`;
    const labelClass = useElementClass('lk-label', 'label');
    const inputClass = useElementClass('lk-input', 'input');
    return (
      <div className="lk-field">
        <label className={labelClass} part="label" htmlFor={id}>
          {label}
        </label>
        <input
          {...input}
          ref={ref}
          id={id}
          className={inputClass}
          part="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error ? <ErrorMessage id={errorId}>{error}</ErrorMessage> : null}
      </div>
    );
  });
