/** @module sample-activity — activity figures with nothing in them, for the activity page's tests. */

/** Every count of an activity bucket (or of the totals) at zero. */
export const ZERO_ACTIVITY = {
  sign_ins: {},
  sign_in_failures: {},
  lockouts: 0,
  rate_limit_hits: 0,
  emails_sent: 0,
  emails_failed: 0,
  sms_sent: 0,
  sms_failed: 0,
};
