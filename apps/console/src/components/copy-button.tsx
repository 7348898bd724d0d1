/**
 * @module copy-button — "Copy" beside a value (a token, a secret): a real button, so the keyboard
 * reaches it, that names what it copies to a screen reader and says "Copied" in a polite live
 * region that is in the page before the words arrive (a region added with its text is not read).
 */
import { useEffect, useState } from 'react';

/** How long "Copied" stays: long enough to read, gone before the next copy so that one is announced too. */
const SHOWN_MS = 4_000;

export function CopyButton({ text, what }: { text: string /** e.g. "public token" */; what: string }) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (outcome !== 'copied') return;
    const timer = setTimeout(() => setOutcome(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [outcome]);
  return (
    <span className="copy">
      <button
        type="button"
        className="button secondary small"
        aria-label={`Copy ${what}`}
        onClick={async () => {
          setOutcome(null);
          try {
            if (!navigator.clipboard) throw new Error('no clipboard');
            await navigator.clipboard.writeText(text);
            setOutcome('copied');
          } catch {
            setOutcome('failed');
          }
        }}
      >
        Copy
      </button>
      <span role="status" aria-live="polite" className="hint">
        {outcome === 'copied'
          ? 'Copied'
          : outcome === 'failed'
            ? 'Could not copy: select it and copy it yourself.'
            : ''}
      </span>
    </span>
  );
}
