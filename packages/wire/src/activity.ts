/**
 * @module activity — GET /v1/projects/{project_id}/activity (operator): a project's sign-ins,
 * failures, lockouts, rate-limit hits and messages per hour (24 h) or per day (7 d, 30 d). A
 * Latchkey addition for the admin console.
 */
import { type Static, Type } from 'typebox';
import { flatAnswerFields } from './envelope.js';

/** The windows the console offers; each bucket is an hour for `24h`, a UTC day otherwise. */
export const ACTIVITY_WINDOWS = ['24h', '7d', '30d'] as const;

export const ProjectActivityQuery = Type.Object(
  {
    /** Default `7d`. */
    window: Type.Optional(Type.Union(ACTIVITY_WINDOWS.map((window) => Type.Literal(window)))),
  },
  { additionalProperties: false },
);

const Count = Type.Integer({ minimum: 0 });
/** Counts by sign-in method: a session factor's `type` (`password`, `magic_link`, `otp`, `webauthn`, `oauth`, `totp`, `crypto`, …). */
const ByMethod = Type.Record(Type.String(), Count);

/** What happened in one bucket (or the whole window). */
export const ActivityFiguresSchema = Type.Object({
  /** Sessions started, by the method of their first factor. */
  sign_ins: ByMethod,
  /** Refused sign-in attempts (wrong password or code, used link, …), by the method tried. */
  sign_in_failures: ByMethod,
  /** Accounts locked after too many failures (password or second factor). */
  lockouts: Count,
  /** Calls refused with 429 too_many_requests (rate limits and locks). */
  rate_limit_hits: Count,
  emails_sent: Count,
  /** Emails given up after the transport kept refusing them. */
  emails_failed: Count,
  /** Text messages (SMS and WhatsApp) handed to the transport. */
  sms_sent: Count,
  sms_failed: Count,
});

export const ActivityBucketSchema = Type.Intersect([
  Type.Object({
    /** The bucket's start (ISO 8601, UTC); it lasts an hour or a day as `bucket` says. */
    start: Type.String(),
  }),
  ActivityFiguresSchema,
]);

export const ProjectActivityResponse = Type.Object({
  ...flatAnswerFields,
  project_id: Type.String(),
  window: Type.String(),
  bucket: Type.Union([Type.Literal('hour'), Type.Literal('day')]),
  /** The first bucket's start. */
  from: Type.String(),
  /** The end of the last bucket (exclusive); the current hour or day is the last bucket. */
  to: Type.String(),
  /** Oldest first; every bucket of the window is present, empty ones with zeros. */
  buckets: Type.Array(ActivityBucketSchema),
  totals: ActivityFiguresSchema,
});

export type ActivityWindow = (typeof ACTIVITY_WINDOWS)[number];
export type ActivityFigures = Static<typeof ActivityFiguresSchema>;
export type ActivityBucket = Static<typeof ActivityBucketSchema>;
export type ProjectActivityResult = Static<typeof ProjectActivityResponse>;

/** A bucket's (or the totals') figures with nothing counted yet: every count at zero. */
export function emptyActivityFigures(): ActivityFigures {
  return {
    sign_ins: {},
    sign_in_failures: {},
    lockouts: 0,
    rate_limit_hits: 0,
    emails_sent: 0,
    emails_failed: 0,
    sms_sent: 0,
    sms_failed: 0,
  };
}
