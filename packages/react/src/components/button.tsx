/** @module components/button — the widget's button: primary, secondary, danger or text, with a busy state. */
import { type ButtonHTMLAttributes, type MouseEvent, type ReactElement, useEffect, useRef } from 'react';
import { useElementClass } from '../theme/element-classes.js';
import { Spinner } from './spinner.js';

/** Props of Button. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger' | 'text';
  /** A request is in flight: shows a spinner, sets aria-busy and disables the button. */
  busy?: boolean;
  /** Sized to its text and shorter, for a row of small buttons (e.g. an inline confirmation). */
  compact?: boolean;
}

/** A button with the stable part names `button` and `button-<variant>`. */
export function Button({
  variant = 'primary',
  busy = false,
  compact = false,
  disabled,
  type = 'button',
  onClick,
  children,
  ...rest
}: ButtonProps): ReactElement {
  const ref = useRef<HTMLButtonElement>(null);
  const className = useElementClass(
    `lk-button lk-button--${variant}${compact ? ' lk-button--compact' : ''}`,
    `${variant}Button`,
  );
  const pressed = useRef(false);

  // Disabling a focused button drops focus to <body>; when the request ends on the same screen,
  // give focus back so a keyboard user keeps their place (e.g. after "Resend email").
  useEffect(() => {
    if (busy || !pressed.current) return;
    pressed.current = false;
    const active = ref.current?.ownerDocument.activeElement;
    if (!active || active === ref.current?.ownerDocument.body) ref.current?.focus();
  }, [busy]);

  const handleClick = (event: MouseEvent<HTMLButtonElement>): void => {
    pressed.current = true;
    onClick?.(event);
  };

  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      className={className}
      part={`button button-${variant}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      onClick={handleClick}
    >
      {busy && variant !== 'text' ? <Spinner /> : null}
      {children}
    </button>
  );
}
