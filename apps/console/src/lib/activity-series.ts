/**
 * @module activity-series — the activity answer turned into what the charts and their tables show:
 * the sign-in methods that occur, each bucket's label, and a sentence a screen reader can read.
 */
import type { ActivityFigures, ProjectActivityResult } from '@latchkey/wire';
import { signInMethodLabel } from './sign-in-methods.js';

/** Whether a chart has nothing to draw: no series, or only zeros (it then says so instead). */
export function quiet(series: ReadonlyArray<{ values: readonly number[] }>): boolean {
  return series.every((s) => s.values.every((n) => n === 0));
}

/** The methods with any sign-in or failure in the window, most used first (ties by name). */
export function methodsOf(totals: ActivityFigures): string[] {
  const all = new Set([...Object.keys(totals.sign_ins), ...Object.keys(totals.sign_in_failures)]);
  const used = (m: string) => (totals.sign_ins[m] ?? 0) + (totals.sign_in_failures[m] ?? 0);
  return [...all].filter((m) => used(m) > 0).sort((a, b) => used(b) - used(a) || a.localeCompare(b));
}

export function sumOf(byMethod: Record<string, number>): number {
  return Object.values(byMethod).reduce((sum, n) => sum + n, 0);
}

/** A day tick's label on a chart's axis: "27 Nov", in UTC as the API counts days (`seconds`: its start). */
export function dayTick(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** A bucket's label: the hour (24 h window) or the day, in UTC as the API counts them. */
export function bucketLabel(start: string, bucket: 'hour' | 'day'): string {
  const date = new Date(start);
  return bucket === 'hour'
    ? `${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })} ${date
        .toISOString()
        .slice(11, 16)}`
    : date.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
}

const WINDOW_WORDS: Record<string, string> = {
  '24h': 'the last 24 hours',
  '7d': 'the last 7 days',
  '30d': 'the last 30 days',
};

/** One sentence per chart, the chart's text equivalent (its table has every figure). */
export function activitySummary(activity: ProjectActivityResult): {
  signIns: string;
  failures: string;
  messages: string;
} {
  const t = activity.totals;
  const span = WINDOW_WORDS[activity.window] ?? activity.window;
  const signIns = sumOf(t.sign_ins);
  const parts = Object.keys(t.sign_ins)
    .filter((m) => (t.sign_ins[m] ?? 0) > 0)
    .sort((a, b) => (t.sign_ins[b] ?? 0) - (t.sign_ins[a] ?? 0) || a.localeCompare(b))
    .map((m) => `${t.sign_ins[m]} by ${signInMethodLabel(m).toLowerCase()}`);
  return {
    signIns:
      signIns === 0
        ? `No sign-ins in ${span}.`
        : `${plural(signIns, 'sign-in')} in ${span}: ${parts.join(', ')}.`,
    failures:
      sumOf(t.sign_in_failures) + t.lockouts + t.rate_limit_hits === 0
        ? `No failed sign-ins, lockouts or rate-limit hits in ${span}.`
        : `${plural(sumOf(t.sign_in_failures), 'failed sign-in')}, ${plural(t.lockouts, 'lockout')} and ${plural(
            t.rate_limit_hits,
            'rate-limit hit',
          )} in ${span}.`,
    messages:
      t.emails_sent + t.emails_failed + t.sms_sent + t.sms_failed === 0
        ? `No emails or text messages in ${span}.`
        : `${plural(t.emails_sent, 'email')} sent (${t.emails_failed} failed) and ${plural(
            t.sms_sent,
            'text message',
          )} sent (${t.sms_failed} failed) in ${span}.`,
  };
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
