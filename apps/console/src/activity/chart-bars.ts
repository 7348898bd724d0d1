/**
 * @module chart-bars — where each series' bar sits in its time bucket: side by side, in the
 * legend's order, so no series is ever drawn over another (equal counts used to hide each other).
 */

/** The share of a bucket the group of bars fills; the rest is the gap between buckets. */
export const GROUP_SHARE = 0.8;

/** Series `index` of `count`: its bar's start from the bucket's middle, and its width (seconds). */
export function barSlot(
  index: number,
  count: number,
  bucketSeconds: number,
): { offset: number; width: number } {
  const group = bucketSeconds * GROUP_SHARE;
  const width = group / count;
  return { offset: -group / 2 + index * width, width };
}

/** A bucket's length in seconds. */
export function bucketSeconds(bucket: 'hour' | 'day'): number {
  return bucket === 'hour' ? 3_600 : 86_400;
}
