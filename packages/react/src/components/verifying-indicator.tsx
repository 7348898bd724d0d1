/** @module components/verifying-indicator — 'Verifying…' with its 10 s progress bar (spec §2, §9). */
import { type ReactElement, useId } from 'react';
import { useWidget } from '../widget/widget-context.js';
import { TimedProgressBar } from './progress-bar.js';

/** Spec §9: the verifying animation lasts 10 s. */
export const VERIFYING_MS = 10_000;

/** The text and the bar it names, shown while a code is being checked. */
export function VerifyingIndicator({ text }: { text: string }): ReactElement {
  const { clock } = useWidget();
  const id = useId();
  return (
    <div className="lk-verifying">
      <p className="lk-text" id={id}>
        {text}
      </p>
      <TimedProgressBar durationMs={VERIFYING_MS} clock={clock} labelledBy={id} />
    </div>
  );
}
