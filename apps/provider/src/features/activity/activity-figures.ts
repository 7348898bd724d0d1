/** @module activity-figures — a window's stored hourly counts as the console charts them: every bucket, oldest first, zeros included. */
import {
  type ActivityBucket,
  type ActivityFigures,
  type ActivityWindow,
  emptyActivityFigures,
} from '@latchkey/wire';
import type { ActivityCount } from '../../activity/activity-counters.js';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Where a window starts and ends, and how it is cut. */
export interface WindowRange {
  bucket: 'hour' | 'day';
  bucketMs: number;
  from: Date;
  /** Exclusive: the end of the current hour or UTC day. */
  to: Date;
}

/** `24h`: the 24 hours up to and including the current one; `7d` / `30d`: that many UTC days up to and including today. */
export function windowRange(window: ActivityWindow, now: Date): WindowRange {
  const [bucketMs, buckets] = window === '24h' ? [HOUR_MS, 24] : [DAY_MS, window === '7d' ? 7 : 30];
  const to = new Date((Math.floor(now.getTime() / bucketMs) + 1) * bucketMs);
  return {
    bucket: bucketMs === HOUR_MS ? 'hour' : 'day',
    bucketMs,
    from: new Date(to.getTime() - buckets * bucketMs),
    to,
  };
}

function addTo(figures: ActivityFigures, count: ActivityCount): void {
  if (count.metric === 'sign_ins' || count.metric === 'sign_in_failures') {
    const byMethod = figures[count.metric];
    const method = count.method || 'unknown';
    byMethod[method] = (byMethod[method] ?? 0) + count.count;
  } else {
    figures[count.metric] += count.count;
  }
}

/** Sums the hourly `counts` into the range's buckets and the window's totals. */
export function activityFigures(
  range: WindowRange,
  counts: ActivityCount[],
): { buckets: ActivityBucket[]; totals: ActivityFigures } {
  const buckets: ActivityBucket[] = [];
  for (let at = range.from.getTime(); at < range.to.getTime(); at += range.bucketMs) {
    buckets.push({ start: new Date(at).toISOString(), ...emptyActivityFigures() });
  }
  const totals = emptyActivityFigures();
  for (const count of counts) {
    const index = Math.floor((count.bucketStart.getTime() - range.from.getTime()) / range.bucketMs);
    const bucket = buckets[index];
    if (!bucket) continue;
    addTo(bucket, count);
    addTo(totals, count);
  }
  return { buckets, totals };
}
