/** @module password/use-password-error — the error that belongs under a password field. */
import { type RefObject, useEffect } from 'react';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';

/**
 * The text of the screen's error when it concerns the password, or undefined. When one appears,
 * focus moves to `input` so the person can retype at once (and a screen reader reads the error).
 */
export function usePasswordError(input: RefObject<HTMLInputElement | null>): string | undefined {
  const { state, strings } = useWidget();
  const { error } = state;
  useEffect(() => {
    if (error?.field === 'password') input.current?.focus();
  }, [error, input]);
  return error?.field === 'password' ? errorText(error, strings) : undefined;
}
