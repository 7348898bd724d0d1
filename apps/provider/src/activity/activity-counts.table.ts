/** @module activity-counts.table — per project, hour, metric and method: how many (activity-counters flushes add to it). */

/** Columns of `activity_counts`; the primary key is (project_id, bucket_start, metric, method). */
export interface ActivityCountsTable {
  project_id: string;
  /** The start of the UTC hour. */
  bucket_start: Date;
  metric: string;
  /** The sign-in method (a session factor's type) for sign-ins and their failures; '' otherwise. */
  method: string;
  /** bigint; PostgreSQL drivers hand it back as a string. */
  count: string | number;
}
