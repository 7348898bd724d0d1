/** @module components/code-input — six digit boxes drawn over one real input (spec §2 and §5, OTP input). */
import {
  type ClipboardEvent,
  type ForwardRefExoticComponent,
  forwardRef,
  type RefAttributes,
  useId,
} from 'react';
import { ErrorMessage } from './error-message.js';

/** Props of CodeInput. */
export interface CodeInputProps {
  /** The digits entered so far. */
  value: string;
  /** Called with the digits only, at most `length` of them. */
  onChange(value: string): void;
  /** The accessible name of the input (visually hidden; the screen text says what to type). */
  label: string;
  length: number;
  disabled: boolean;
  error?: string | undefined;
}

const nonDigits = /\D/g;

/**
 * One input carries the value, so one-time-code autofill, paste, screen readers and mobile
 * numeric keyboards all work on it; the boxes are a picture of its value, hidden from assistive
 * technology. Non-digits are dropped and the value never grows past `length`.
 */
export const CodeInput: ForwardRefExoticComponent<CodeInputProps & RefAttributes<HTMLInputElement>> =
  forwardRef<HTMLInputElement, CodeInputProps>(function CodeInput(
    { value, onChange, label, length, disabled, error },
    ref,
  ) {
    const id = useId();
    const errorId = `${id}-error`;
    const accept = (text: string): void => onChange(text.replace(nonDigits, '').slice(0, length));

    // maxLength would cut a pasted "123 456" to "123 45" before onChange sees it, so paste is
    // handled here: a whole code replaces the value, a fragment goes where the selection is.
    const onPaste = (event: ClipboardEvent<HTMLInputElement>): void => {
      event.preventDefault();
      const pasted = event.clipboardData.getData('text').replace(nonDigits, '');
      const input = event.currentTarget;
      const start = input.selectionStart ?? value.length;
      const end = input.selectionEnd ?? value.length;
      accept(pasted.length >= length ? pasted : value.slice(0, start) + pasted + value.slice(end));
    };

    const active = Math.min(value.length, length - 1);
    return (
      <div className="lk-field">
        <label className="lk-visually-hidden" htmlFor={id}>
          {label}
        </label>
        <div className="lk-code lk-overlay">
          <input
            ref={ref}
            id={id}
            className="lk-code-input lk-overlay-control"
            part="input code-input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={length}
            // biome-ignore lint/a11y/noAutofocus: spec §2 — the code field is focused when the screen opens.
            autoFocus
            spellCheck={false}
            value={value}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              const input = event.currentTarget;
              const digits = input.value.replace(nonDigits, '').slice(0, length);
              // When dropping a character leaves the value as it was, there is no re-render, and
              // preact/compat would keep showing the dropped character: write it back here.
              if (input.value !== digits) input.value = digits;
              onChange(digits);
            }}
            onPaste={onPaste}
          />
          <div className="lk-code-boxes" aria-hidden="true">
            {Array.from({ length }, (_, index) => (
              <span
                // The boxes are positions, never reordered: the index is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                key={index}
                className={index === active ? 'lk-code-box lk-code-box--active' : 'lk-code-box'}
                part="code-box"
              >
                {value[index] ?? ''}
              </span>
            ))}
          </div>
        </div>
        {error ? <ErrorMessage id={errorId}>{error}</ErrorMessage> : null}
      </div>
    );
  });
