// The activity page's text equivalents: the methods that occur, bucket labels and the summaries.
import { emptyActivityFigures, type ProjectActivityResult } from '@latchkey/wire';
import { describe, expect, it } from 'vitest';
import { activitySummary, bucketLabel, dayTick, methodsOf, quiet } from './activity-series.js';

const zero = emptyActivityFigures();

function activity(totals: Partial<typeof zero>): ProjectActivityResult {
  return {
    status_code: 200,
    request_id: 'r',
    project_id: 'p',
    window: '7d',
    bucket: 'day',
    from: '2026-11-20T00:00:00.000Z',
    to: '2026-11-27T00:00:00.000Z',
    buckets: [],
    totals: { ...zero, ...totals },
  };
}

describe('activity series', () => {
  it('lists the methods used, most first, including those with only failures', () => {
    expect(
      methodsOf({
        ...zero,
        sign_ins: { password: 2, webauthn: 5, otp: 0 },
        sign_in_failures: { magic_link: 1 },
      }),
    ).toEqual(['webauthn', 'password', 'magic_link']);
  });

  it('says in words what each chart shows', () => {
    const summary = activitySummary(
      activity({
        sign_ins: { webauthn: 3, password: 1 },
        sign_in_failures: { password: 2 },
        lockouts: 1,
        emails_sent: 1,
      }),
    );
    expect(summary.signIns).toBe('4 sign-ins in the last 7 days: 3 by passkey, 1 by password.');
    expect(summary.failures).toBe('2 failed sign-ins, 1 lockout and 0 rate-limit hits in the last 7 days.');
    expect(summary.messages).toBe(
      '1 email sent (0 failed) and 0 text messages sent (0 failed) in the last 7 days.',
    );
    expect(activitySummary(activity({})).signIns).toBe('No sign-ins in the last 7 days.');
  });

  it('says "No …" for a window with nothing in it, which then draws no chart', () => {
    const empty = activitySummary(activity({}));
    expect(empty.failures).toBe('No failed sign-ins, lockouts or rate-limit hits in the last 7 days.');
    expect(empty.messages).toBe('No emails or text messages in the last 7 days.');
    expect(activitySummary(activity({ emails_failed: 1 })).messages).toBe(
      '0 emails sent (1 failed) and 0 text messages sent (0 failed) in the last 7 days.',
    );
    expect(quiet([])).toBe(true);
    expect(quiet([{ values: [0, 0] }, { values: [0] }])).toBe(true);
    expect(quiet([{ values: [0, 0] }, { values: [0, 1] }])).toBe(false);
  });

  it('labels hours and days in UTC, as the API counts them', () => {
    expect(bucketLabel('2026-11-26T09:00:00.000Z', 'hour')).toBe('26 Nov 09:00');
    expect(bucketLabel('2026-11-26T00:00:00.000Z', 'day')).toBe('Thu 26 Nov');
  });
});

describe('dayTick', () => {
  it("names a day as the table does, in UTC, whatever the browser's zone", () => {
    expect(dayTick(Date.UTC(2026, 10, 27) / 1000)).toBe('27 Nov');
    // The last second of a UTC day is still that day.
    expect(dayTick(Date.UTC(2026, 10, 27, 23, 59, 59) / 1000)).toBe('27 Nov');
  });
});
