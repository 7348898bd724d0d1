/** @module components/use-code-entry — the value of self-submitting code boxes (spec §2 OTP entry). */
import { type RefObject, useEffect, useRef, useState } from 'react';
import { OTP_LENGTH } from '../machine/otp-code.js';
import { useWidget } from '../widget/widget-context.js';

/** What a code screen needs for its CodeInput. */
export interface CodeEntry {
  code: string;
  /** CodeInput's onChange. */
  onChange(next: string): void;
  /** CodeInput's ref, focused again after a failed check. */
  input: RefObject<HTMLInputElement | null>;
  /** True while a complete code is being checked. */
  verifying: boolean;
}

/**
 * The boxes submit by themselves once six digits are in: exactly once per new value, so a
 * re-render or pasting the same code again sends nothing. A failed check empties the boxes and
 * puts focus back in them for another try.
 */
export function useCodeEntry(submit: (code: string) => void): CodeEntry {
  const { state } = useWidget();
  const { busy, error } = state;
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!error || busy) return;
    setCode('');
    input.current?.focus();
  }, [error, busy]);

  const onChange = (next: string): void => {
    if (next === code) return;
    setCode(next);
    if (next.length === OTP_LENGTH) submit(next);
  };
  // A full code is only ever present while it is being checked: a failure clears it.
  return { code, onChange, input, verifying: busy && code.length === OTP_LENGTH };
}
