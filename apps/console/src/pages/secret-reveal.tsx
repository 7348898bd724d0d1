/** @module secret-reveal — a secret shown masked until asked, with a copy button; it is never stored by the console. */
import { useEffect, useRef, useState } from 'react';

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
  const [copied, setCopied] = useState(false);
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
      <button
        type="button"
        className="button secondary small"
        onClick={async () => {
          await navigator.clipboard?.writeText(secret);
          setCopied(true);
        }}
      >
        Copy
      </button>
      <span role="status" className="hint">
        {copied ? 'Copied' : ''}
      </span>
    </div>
  );
}
