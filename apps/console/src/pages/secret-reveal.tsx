/** @module secret-reveal — a secret shown masked until asked, with a copy button; it is never stored by the console. */
import { useState } from 'react';

export function SecretReveal({ secret, label = 'Secret' }: { secret: string; label?: string }) {
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState(false);
  return (
    <div className="secret">
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
