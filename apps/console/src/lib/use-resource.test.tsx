// A change made while the first read was still on its way (an invite sent before the operators
// list arrived) must show: `reload` in the loading state drops that read, which may predate the
// change, for a new one.
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useResource } from './use-resource.js';

afterEach(cleanup);

/** A load whose answers the test gives, one per call, in any order. */
function controlledLoad() {
  const answers: Array<(value: string) => void> = [];
  const load = () => new Promise<string>((resolve) => answers.push(resolve));
  return { load, answers };
}

describe('useResource', () => {
  it('reload while loading: the earlier read is dropped, whenever it answers', async () => {
    const { load, answers } = controlledLoad();
    const { result } = renderHook(() => useResource('list', load));
    expect(result.current.state).toBe('loading');
    act(() => result.current.reload());
    expect(answers).toHaveLength(2);
    await act(async () => answers[0]?.('before the change'));
    expect(result.current.state).toBe('loading');
    await act(async () => answers[1]?.('after the change'));
    expect(result.current).toMatchObject({ state: 'ready', data: 'after the change' });
  });

  it('reload while ready keeps the data shown until the new read lands', async () => {
    const { load, answers } = controlledLoad();
    const { result } = renderHook(() => useResource('list', load));
    await act(async () => answers[0]?.('first'));
    act(() => result.current.reload());
    expect(result.current).toMatchObject({ state: 'ready', data: 'first' });
    await act(async () => answers[1]?.('second'));
    expect(result.current).toMatchObject({ state: 'ready', data: 'second' });
  });
});
