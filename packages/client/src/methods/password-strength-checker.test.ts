import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../testing/fakes.js';
import type { PasswordStrengthCheckResult } from '../wire-types.js';
import type { PasswordStrengthCheckOptions } from './password-options.js';
import { createStrengthChecker } from './password-strength-checker.js';

const result = (score: number) => ({ score }) as PasswordStrengthCheckResult;

/** A fake `client.passwords.strengthCheck` whose answers the test releases by hand. */
function fakeClient() {
  const pending: { input: PasswordStrengthCheckOptions; answer: ReturnType<typeof deferred<unknown>> }[] = [];
  const strengthCheck = vi.fn((input: PasswordStrengthCheckOptions) => {
    const answer = deferred<unknown>();
    pending.push({ input, answer });
    return answer.promise.then((value) => {
      if (value instanceof Error) throw value;
      return value as PasswordStrengthCheckResult;
    });
  });
  return { client: { passwords: { strengthCheck } }, strengthCheck, pending };
}

/** A checker (100 ms delay) that has sent the check of `first`, then been given `second`. */
async function checkedThenUpdated(first: string, second: string) {
  const { client, pending } = fakeClient();
  const onResult = vi.fn();
  const checker = createStrengthChecker({ client, delayMs: 100, onResult });
  checker.update({ password: first });
  await vi.advanceTimersByTimeAsync(100);
  checker.update({ password: second });
  return { pending, onResult };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createStrengthChecker', () => {
  it('waits 500 ms after the last update and checks only the newest input', async () => {
    const { client, strengthCheck, pending } = fakeClient();
    const onResult = vi.fn();
    const checker = createStrengthChecker({ client, onResult });
    checker.update({ password: 'a' });
    await vi.advanceTimersByTimeAsync(300);
    checker.update({ email: 'ada@example.com', password: 'ab' });
    await vi.advanceTimersByTimeAsync(499);
    expect(strengthCheck).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(strengthCheck).toHaveBeenCalledTimes(1);
    expect(strengthCheck).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'ab' });
    pending[0]!.answer.resolve(result(2));
    await vi.advanceTimersByTimeAsync(0);
    expect(onResult).toHaveBeenCalledWith(result(2), { email: 'ada@example.com', password: 'ab' });
  });

  it('never lets an older answer overwrite a newer one', async () => {
    const { pending, onResult } = await checkedThenUpdated('old', 'newer');
    await vi.advanceTimersByTimeAsync(100);
    expect(pending.map((p) => p.input.password)).toEqual(['old', 'newer']);
    pending[1]!.answer.resolve(result(4));
    await vi.advanceTimersByTimeAsync(0);
    pending[0]!.answer.resolve(result(0));
    await vi.advanceTimersByTimeAsync(0);
    expect(onResult.mock.calls).toEqual([[result(4), { password: 'newer' }]]);
  });

  it('drops an answer that arrives after a newer update is still waiting', async () => {
    const { pending, onResult } = await checkedThenUpdated('one', 'two');
    pending[0]!.answer.resolve(result(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(onResult).not.toHaveBeenCalled();
  });

  it('cancel drops the pending check and any in-flight answer or error', async () => {
    const { client, strengthCheck, pending } = fakeClient();
    const onResult = vi.fn();
    const onError = vi.fn();
    const checker = createStrengthChecker({ client, delayMs: 100, onResult, onError });
    checker.update({ password: 'x' });
    await vi.advanceTimersByTimeAsync(100);
    checker.update({ password: 'y' });
    checker.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(strengthCheck).toHaveBeenCalledTimes(1);
    pending[0]!.answer.resolve(new Error('late'));
    await vi.advanceTimersByTimeAsync(0);
    expect(onResult).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports the error of the newest check', async () => {
    const { client, pending } = fakeClient();
    const onError = vi.fn();
    const checker = createStrengthChecker({ client, delayMs: 0, onResult: vi.fn(), onError });
    checker.update({ password: 'p' });
    await vi.advanceTimersByTimeAsync(0);
    const failure = new Error('offline');
    pending[0]!.answer.resolve(failure);
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith(failure, { password: 'p' });
  });

  it('uses an injected clock', () => {
    const { client, strengthCheck } = fakeClient();
    const timers: (() => void)[] = [];
    const clock = {
      setTimeout: vi.fn((callback: () => void) => timers.push(callback)),
      clearTimeout: vi.fn(),
    };
    const checker = createStrengthChecker({ client, delayMs: 250, clock, onResult: vi.fn() });
    checker.update({ password: 'p' });
    expect(clock.setTimeout).toHaveBeenCalledWith(expect.any(Function), 250);
    checker.update({ password: 'q' });
    expect(clock.clearTimeout).toHaveBeenCalledWith(1);
    timers[1]!();
    expect(strengthCheck).toHaveBeenCalledWith({ password: 'q' });
  });
});
