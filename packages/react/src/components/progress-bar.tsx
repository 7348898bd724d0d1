/** @module components/progress-bar — a determinate bar that fills over a fixed time (spec §9: verifying 10 s). */
import { type ReactElement, useState } from 'react';
import type { WidgetClock } from '../clock.js';
import { useNow } from '../hooks/use-now.js';

/** Props of TimedProgressBar. */
export interface TimedProgressBarProps {
  /** How long the bar takes to fill; it then stays full until removed. */
  durationMs: number;
  clock: WidgetClock;
  /** The id of the text that names the bar. */
  labelledBy: string;
}

const TICK_MS = 100;

/** role=progressbar with aria-valuenow 0..100, filled by elapsed time since it appeared. */
export function TimedProgressBar({ durationMs, clock, labelledBy }: TimedProgressBarProps): ReactElement {
  const [start] = useState(() => clock.now());
  const now = useNow(clock, TICK_MS);
  const value = Math.min(100, Math.max(0, Math.round(((now - start) / durationMs) * 100)));
  return (
    <div
      className="lk-progress"
      part="progress"
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <div className="lk-progress-fill" style={{ width: `${value}%` }} />
    </div>
  );
}
