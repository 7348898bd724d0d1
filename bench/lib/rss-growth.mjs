/** How much resident memory a process keeps per request, from samples taken under steady load. */

/**
 * Bytes kept per check: the RSS floor (lowest sample) of the last third of the run minus that of
 * the first third, over the checks answered between them. Floors, because the collector's
 * sawtooth moves RSS by tens of MiB either way within seconds; what is never given back raises
 * the floor.
 *
 * @param {{ checks: number, rssBytes: number }[]} samples in time order; `checks` is cumulative
 */
export function growthPerCheck(samples) {
  const third = Math.max(1, Math.ceil(samples.length / 3));
  const lowest = (list) => list.reduce((low, sample) => (sample.rssBytes < low.rssBytes ? sample : low));
  const from = lowest(samples.slice(0, third));
  const to = lowest(samples.slice(-third));
  const checks = to.checks - from.checks;
  return { from, to, bytesPerCheck: checks > 0 ? (to.rssBytes - from.rssBytes) / checks : Number.NaN };
}

/**
 * Bytes kept per check between two readings of what survives (the heap after a full collection,
 * the RSS after a rest without load), over the checks answered between them; NaN when either
 * reading is missing or nothing was answered. Negative when the end is lower: nothing was kept.
 *
 * @param {number | undefined} fromBytes
 * @param {number | undefined} toBytes
 * @param {number} checks
 */
export function keptPerCheck(fromBytes, toBytes, checks) {
  if (fromBytes === undefined || toBytes === undefined || !(checks > 0)) return Number.NaN;
  return (toBytes - fromBytes) / checks;
}
