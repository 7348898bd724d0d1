/** Unit tests of the email send rules and their wording (the HTTP behaviour is in magic-links-send-limits.test.ts). */
import { describe, expect, it } from 'vitest';
import type { Project } from '../features/projects/project.js';
import { DEFAULT_SEND_LIMITS } from '../features/projects/send-limits.js';
import {
  createEmailSendThrottle,
  EMAIL_SEND_SCOPES,
  effectiveSendLimits,
  emailSendRules,
  formatWait,
  recipientKey,
} from './email-send-throttle.js';
import type { RateLimiter, RateLimitRule } from './rate-limiter.js';

const project = (isDev: boolean) =>
  ({ id: 'project-test-1', isDev, sendLimits: { ...DEFAULT_SEND_LIMITS } }) as unknown as Project;

describe('recipientKey', () => {
  it.each([
    ['Ada@Example.com', 'ada@example.com'],
    ['ada+news@example.com', 'ada@example.com'],
    ['+only@example.com', '+only@example.com'],
    ['ａｄａ@example.com', 'ada@example.com'],
  ])('%s → %s', (email, key) => {
    expect(recipientKey(email)).toBe(key);
  });
});

describe('emailSendRules', () => {
  it('defaults: cooldown, recipient window, IP, project, in that order', () => {
    expect(emailSendRules(DEFAULT_SEND_LIMITS, 'Ada@example.com', '::ffff:192.0.2.1')).toEqual([
      { scope: EMAIL_SEND_SCOPES.recipientInterval, key: 'ada@example.com', limit: 1, windowSeconds: 60 },
      { scope: EMAIL_SEND_SCOPES.recipient, key: 'ada@example.com', limit: 5, windowSeconds: 900 },
      { scope: EMAIL_SEND_SCOPES.ip, key: '192.0.2.1', limit: 30, windowSeconds: 900 },
      { scope: EMAIL_SEND_SCOPES.project, key: 'all', limit: 500, windowSeconds: 3600 },
    ]);
  });

  it('a count of 0 turns its rule off', () => {
    const off = { ...DEFAULT_SEND_LIMITS, recipientIntervalSeconds: 0, ipPerWindow: 0, projectPerWindow: 0 };
    expect(emailSendRules(off, 'a@example.com', '192.0.2.1').map((r) => r.scope)).toEqual([
      EMAIL_SEND_SCOPES.recipient,
    ]);
  });
});

describe('effectiveSendLimits', () => {
  it('applies the environment overrides to the development project only', () => {
    const overrides = { recipientIntervalSeconds: 1 };
    expect(effectiveSendLimits(project(true), overrides).recipientIntervalSeconds).toBe(1);
    expect(effectiveSendLimits(project(false), overrides).recipientIntervalSeconds).toBe(60);
  });
});

describe('formatWait', () => {
  it.each([
    [1, '1 second'],
    [45, '45 seconds'],
    [90, '90 seconds'],
    [91, '2 minutes'],
    [900, '15 minutes'],
  ])('%i s → %s', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });
});

describe('check', () => {
  it('throws 429 too_many_requests with Retry-After naming the refusing rule', async () => {
    const limiter: RateLimiter = {
      consume: async (_id, rules: readonly RateLimitRule[]) => ({
        allowed: false,
        rule: rules[2] as RateLimitRule,
        retryAfterSeconds: 120,
      }),
      sweepExpired: async () => 0,
    };
    const error = await createEmailSendThrottle(limiter)
      .check(project(false), 'a@example.com', '192.0.2.1')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'too_many_requests',
      status: 429,
      headers: { 'retry-after': '120' },
      message: 'Too many emails were requested from this network. Try again in 2 minutes.',
    });
  });

  it('does not touch the limiter when every rule is off', async () => {
    let calls = 0;
    const limiter: RateLimiter = {
      consume: async () => {
        calls += 1;
        return { allowed: true };
      },
      sweepExpired: async () => 0,
    };
    const off = { recipientIntervalSeconds: 0, recipientPerWindow: 0, ipPerWindow: 0, projectPerWindow: 0 };
    await createEmailSendThrottle(limiter, off).check(project(true), 'a@example.com', '192.0.2.1');
    expect(calls).toBe(0);
  });
});
