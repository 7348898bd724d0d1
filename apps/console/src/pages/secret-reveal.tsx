/** @module secret-reveal — a secret shown masked until asked, with a copy button; it is never stored by the console. */
import { useEffect, useRef, useState } from 'react';
import { CopyButton } from '../components/copy-button.js';

export function SecretReveal({
  secret,
  label = 'Secret',
  takeFocus = false,
}: {
  secret: string;
  label?: string;
  /** Moves focus here when shown (a secret just minted by the operator's action). */
  takeFocus?: boolean;
}) {
  const [shown, setShown] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <div className="secret" ref={ref} tabIndex={takeFocus ? -1 : undefined}>
      <span className="secret-label">{label}</span>
      <code className="mono">
        {shown ? (
          secret
        ) : (
          <span aria-label={`${label} hidden`} role="img">
            {'•'.repeat(24)}
          </span>
        )}
      </code>
      <button
        type="button"
        className="button secondary small"
        aria-pressed={shown}
        onClick={() => setShown(!shown)}
      >
        {shown ? 'Hide' : 'Reveal'}
      </button>
      <CopyButton text={secret} what={label.toLowerCase()} />
    </div>
  );
}
