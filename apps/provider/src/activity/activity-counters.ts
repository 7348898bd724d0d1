/**
 * @module activity-counters — what happened per project, counted in memory and written in one
 * batched upsert every few seconds and at shutdown, so the sign-in paths gain no statement
 * (issue 18 counts them). Several instances add to the same rows; none overwrites another.
 * Kept free of the database and of HTTP so issue 23 can export the same counts to Prometheus.
 */

/** The figures the admin console charts (issue 21 "Activity"). */
export const ACTIVITY_METRICS = [
  'sign_ins',
  'sign_in_failures',
  'lockouts',
  'rate_limit_hits',
  'emails_sent',
  'emails_failed',
  'sms_sent',
  'sms_failed',
] as const;

export type ActivityMetric = (typeof ACTIVITY_METRICS)[number];

/** One counter's increase since the last flush: project, hour bucket, metric and method ('' for none). */
export interface ActivityCount {
  projectId: string;
  /** The start of the hour (UTC) the events fell in. */
  bucketStart: Date;
  metric: ActivityMetric;
  method: string;
  count: number;
}

/** Where a flush writes; adds `counts` to what is stored (never replaces it). */
export type ActivityCountSink = (counts: ActivityCount[]) => Promise<void>;

/** The counters as the rest of the provider sees them. */
export interface ActivityCounters {
  /** Counts one event of `metric` for `projectId` now; `method` names the sign-in method when there is one. */
  add(projectId: string, metric: ActivityMetric, method?: string): void;
  /** Writes what was counted since the last flush; on failure keeps it for the next one. */
  flush(): Promise<void>;
  /** What is counted and not yet written (tests, and a Prometheus exporter's view of the hour). */
  pending(): ActivityCount[];
}

const HOUR_MS = 60 * 60_000;

/** The start of the UTC hour `at` falls in. */
export function hourOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}

/** Counters over `sink`, bucketed by the injected clock's hour. */
export function createActivityCounters(deps: {
  now: () => Date;
  sink: ActivityCountSink;
  /** Told of each event as it is counted (the Prometheus counters: one place feeds both). */
  onAdd?: (metric: ActivityMetric, method: string) => void;
}): ActivityCounters {
  // Keyed by `project \n hour ms \n metric \n method`: a Map lookup per event, no allocation beyond the key.
  let counts = new Map<string, number>();
  let flushing: Promise<void> | undefined;

  const toCounts = (from: Map<string, number>): ActivityCount[] =>
    [...from].map(([key, count]) => {
      const [projectId = '', hour = '0', metric, method = ''] = key.split('\n');
      return {
        projectId,
        bucketStart: new Date(Number(hour)),
        metric: metric as ActivityMetric,
        method,
        count,
      };
    });

  const writeOnce = async () => {
    if (counts.size === 0) return;
    const taken = counts;
    counts = new Map();
    try {
      await deps.sink(toCounts(taken));
    } catch (error) {
      // Nothing counted is lost to a failed write: put it back under what came in meanwhile.
      for (const [key, count] of taken) counts.set(key, (counts.get(key) ?? 0) + count);
      throw error;
    }
  };

  return {
    add(projectId, metric, method = '') {
      const key = `${projectId}\n${hourOf(deps.now()).getTime()}\n${metric}\n${method}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      deps.onAdd?.(metric, method);
    },
    async flush() {
      // One write at a time, so two flushes never send the same counts twice.
      while (flushing) await flushing.catch(() => undefined);
      flushing = writeOnce().finally(() => {
        flushing = undefined;
      });
      await flushing;
    },
    pending: () => toCounts(counts),
  };
}
