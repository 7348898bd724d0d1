/** A project's stored send-limit overrides ⇄ SendLimits. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEND_LIMITS, sendLimitsFromJson, sendLimitsToJson } from './send-limits.js';

describe('send limits in the projects row', () => {
  it('round-trips overrides through snake_case JSON', () => {
    const overrides = { recipientIntervalSeconds: 30, projectPerWindow: 50 };
    expect(sendLimitsToJson(overrides)).toEqual({ recipient_interval_seconds: 30, project_per_window: 50 });
    expect(sendLimitsFromJson(sendLimitsToJson(overrides))).toEqual(overrides);
  });

  it('ignores unknown keys and bad values when reading, so a bad row means the defaults', () => {
    expect(
      sendLimitsFromJson({ recipient_per_window: -3, ip_per_window: '10', other: 1, ip_window_seconds: 0 }),
    ).toEqual({});
    expect(sendLimitsFromJson(null)).toEqual({});
    expect(sendLimitsFromJson(undefined)).toEqual({});
  });

  it('refuses bad values when writing', () => {
    expect(() => sendLimitsToJson({ recipientWindowSeconds: 0 })).toThrow(RangeError);
    expect(() => sendLimitsToJson({ ipPerWindow: 2.5 })).toThrow(RangeError);
  });

  it('defaults follow SECURITY §2: 1 per 60 s and 5 per 15 min per recipient', () => {
    expect(DEFAULT_SEND_LIMITS).toMatchObject({
      recipientIntervalSeconds: 60,
      recipientPerWindow: 5,
      recipientWindowSeconds: 900,
    });
  });
});
