/** @module password/use-password-strength — the debounced strength check of one password field (spec §5). */
import { createStrengthChecker } from '@latchkey/client';
import { useEffect, useState } from 'react';
import { report } from '../machine/effect-context.js';
import type { ScreenError } from '../machine/state.js';
import { useWidget } from '../widget/widget-context.js';
import type { WidgetPasswordStrength } from '../widget-client.js';

/** What the form needs to know about the password typed so far. */
export interface PasswordStrengthState {
  /** The answer for exactly the current password, or null while none is known. */
  result: WidgetPasswordStrength | null;
  /** A check of the current password is pending or in flight. */
  checking: boolean;
  /** The check of the current password failed (the provider judges again on submit). */
  error: ScreenError | null;
  /** True when the form may be submitted: the answer says valid, or the check could not run. */
  canSubmit: boolean;
}

/** `wire/ui-widget.md`: strength checks are debounced by 500 ms. */
export const STRENGTH_DEBOUNCE_MS = 500;

interface Answer {
  password: string;
  result: WidgetPasswordStrength | null;
  error: ScreenError | null;
}

/**
 * Checks `password` (with `email` when known) after the user pauses typing. An answer is kept
 * with the password it was for, so a stale answer never enables the submit button.
 */
export function usePasswordStrength(password: string, email?: string): PasswordStrengthState {
  const { effectContext } = useWidget();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [checker] = useState(() =>
    createStrengthChecker<WidgetPasswordStrength>({
      client: {
        passwords: { strengthCheck: (input) => effectContext().client.passwords.strengthCheck(input) },
      },
      delayMs: STRENGTH_DEBOUNCE_MS,
      onResult: (result, input) => setAnswer({ password: input.password, result, error: null }),
      onError: (error, input) =>
        setAnswer({ password: input.password, result: null, error: report(effectContext(), error) }),
    }),
  );

  useEffect(() => {
    if (password === '') checker.cancel();
    else checker.update(email ? { email, password } : { password });
  }, [checker, password, email]);
  useEffect(() => () => checker.cancel(), [checker]);

  const current = answer !== null && answer.password === password ? answer : null;
  const result = current?.result ?? null;
  return {
    result,
    checking: password !== '' && current === null,
    error: current?.error ?? null,
    canSubmit:
      password !== '' && current !== null && (current.error !== null || result?.valid_password === true),
  };
}
