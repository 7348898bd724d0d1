/** The client-side services frame: one hidden iframe, the ready handshake, calls by id, origin checks, timeout. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LatchkeyApiError, LatchkeyNetworkError, LatchkeyTimeoutError } from '../errors.js';
import { PUBLIC_TOKEN } from '../testing/fakes.js';
import { systemClock } from './browser-defaults.js';
import { ClientsideFrame, FRAME_PROTOCOL } from './clientside-frame.js';

const FRAME_URL = 'http://localhost:4000/v1/public/clientside-services';
const FRAME_ORIGIN = 'http://localhost:4000';

let frame: ClientsideFrame;

beforeEach(() => {
  vi.useFakeTimers();
  frame = new ClientsideFrame({ url: FRAME_URL, publicToken: PUBLIC_TOKEN, clock: systemClock, window });
});
afterEach(() => {
  frame.destroy();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const iframes = () => Array.from(document.querySelectorAll('iframe'));

/** The frame window's postMessage, spied (jsdom's about:blank window cannot receive at the provider's origin). */
function frameWindow() {
  const iframe = iframes()[0];
  if (!iframe?.contentWindow) throw new Error('no frame');
  const target = iframe.contentWindow;
  const postMessage = vi.spyOn(target, 'postMessage').mockImplementation(() => {});
  return { target, postMessage };
}

/** A call the ready frame answers with `error` (the wire's error shape); resolves to the rejection. */
async function rejectionFor(error: { status_code: number; error_type: string; error_message: string }) {
  const call = frame.call('oneTapStart', {});
  const { target } = frameWindow();
  fromFrame(target, { lk: FRAME_PROTOCOL, ready: true });
  fromFrame(target, { lk: FRAME_PROTOCOL, id: '1', error });
  return call.catch((e: unknown) => e);
}

function fromFrame(source: Window | null, data: unknown, origin = FRAME_ORIGIN) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

describe('ClientsideFrame', () => {
  it('opens no frame before the first call', () => {
    expect(iframes()).toHaveLength(0);
  });

  it('opens one hidden frame at the configured URL with the public token, for every call', () => {
    void frame.call('oneTapStart', {}).catch(() => {});
    void frame.call('parsePhoneNumber', {}).catch(() => {});
    expect(iframes()).toHaveLength(1);
    const iframe = iframes()[0];
    expect(iframe?.src).toBe(`${FRAME_URL}?public_token=${PUBLIC_TOKEN}`);
    expect(iframe?.style.display).toBe('none');
    expect(iframe?.getAttribute('aria-hidden')).toBe('true');
  });

  it('sends calls only after the ready handshake, to the frame origin, and resolves the matching reply', async () => {
    const first = frame.call('oneTapStart', { publicToken: PUBLIC_TOKEN });
    const second = frame.call('parsePhoneNumber', { number: '+12015550123' });
    const { target, postMessage } = frameWindow();
    expect(postMessage).not.toHaveBeenCalled();

    fromFrame(target, { lk: FRAME_PROTOCOL, ready: true });
    expect(postMessage.mock.calls).toEqual([
      [
        { lk: FRAME_PROTOCOL, id: '1', method: 'oneTapStart', params: { publicToken: PUBLIC_TOKEN } },
        FRAME_ORIGIN,
      ],
      [
        { lk: FRAME_PROTOCOL, id: '2', method: 'parsePhoneNumber', params: { number: '+12015550123' } },
        FRAME_ORIGIN,
      ],
    ]);

    fromFrame(target, { lk: FRAME_PROTOCOL, id: '2', result: { isValid: true } });
    fromFrame(target, { lk: FRAME_PROTOCOL, id: '1', result: { googleClientId: 'g' } });
    await expect(second).resolves.toEqual({ isValid: true });
    await expect(first).resolves.toEqual({ googleClientId: 'g' });

    // Later calls go straight out.
    const third = frame.call('parsePhoneNumber', {});
    expect(postMessage).toHaveBeenCalledTimes(3);
    fromFrame(target, { lk: FRAME_PROTOCOL, id: '3', result: null });
    await expect(third).resolves.toBeNull();
  });

  it('ignores messages from other windows, other origins and other protocols', async () => {
    const call = frame.call('oneTapStart', {});
    const { target, postMessage } = frameWindow();
    fromFrame(window, { lk: FRAME_PROTOCOL, ready: true });
    fromFrame(target, { lk: FRAME_PROTOCOL, ready: true }, 'https://evil.example');
    fromFrame(target, { lk: 'other', ready: true });
    expect(postMessage).not.toHaveBeenCalled();

    fromFrame(target, { lk: FRAME_PROTOCOL, ready: true });
    fromFrame(window, { lk: FRAME_PROTOCOL, id: '1', result: 'forged' });
    fromFrame(target, { lk: FRAME_PROTOCOL, id: '1', result: 'forged' }, 'https://evil.example');
    fromFrame(target, { lk: FRAME_PROTOCOL, id: '1', result: 'genuine' });
    await expect(call).resolves.toBe('genuine');
  });

  it.each([
    {
      when: "the provider's error as a LatchkeyApiError",
      wire: { status_code: 404, error_type: 'oauth_config_not_found', error_message: 'No Google.' },
      kind: LatchkeyApiError,
      fields: { code: 'oauth_config_not_found', status: 404, message: 'No Google.' },
    },
    {
      when: 'a network error when the frame could not reach the provider',
      wire: { status_code: 0, error_type: 'network_unreachable', error_message: 'offline' },
      kind: LatchkeyNetworkError,
      fields: { code: 'network_unreachable' },
    },
  ])('rejects with $when', async ({ wire, kind, fields }) => {
    const error = await rejectionFor(wire);
    expect(error).toBeInstanceOf(kind);
    expect(error).toMatchObject(fields);
  });

  it('times a call out after 10 s, loading included, and ignores a late reply', async () => {
    const call = frame.call('oneTapStart', {});
    const outcome = call.catch((e: unknown) => e);
    const { target } = frameWindow();
    vi.advanceTimersByTime(9_999);
    fromFrame(target, { lk: FRAME_PROTOCOL, ready: true });
    vi.advanceTimersByTime(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(LatchkeyTimeoutError);
    expect(error).toMatchObject({ code: 'timeout', timeoutMs: 10_000 });
    fromFrame(target, { lk: FRAME_PROTOCOL, id: '1', result: 'late' });
  });

  it('removes the frame and its listener on destroy, failing calls in flight', async () => {
    const call = frame.call('oneTapStart', {});
    const { target, postMessage } = frameWindow();
    frame.destroy();
    expect(iframes()).toHaveLength(0);
    await expect(call).rejects.toBeInstanceOf(LatchkeyNetworkError);
    fromFrame(target, { lk: FRAME_PROTOCOL, ready: true });
    expect(postMessage).not.toHaveBeenCalled();
    await expect(frame.call('oneTapStart', {})).rejects.toBeInstanceOf(LatchkeyNetworkError);
    expect(iframes()).toHaveLength(0);
  });

  it('is destroyed with the client: when its signal aborts, or at once if it already had', async () => {
    const lifetime = new AbortController();
    const owned = new ClientsideFrame({
      url: FRAME_URL,
      publicToken: PUBLIC_TOKEN,
      clock: systemClock,
      window,
      signal: lifetime.signal,
    });
    const call = owned.call('oneTapStart', {});
    expect(iframes()).toHaveLength(1);
    lifetime.abort();
    expect(iframes()).toHaveLength(0);
    await expect(call).rejects.toBeInstanceOf(LatchkeyNetworkError);

    const late = new ClientsideFrame({
      url: FRAME_URL,
      publicToken: PUBLIC_TOKEN,
      clock: systemClock,
      window,
      signal: lifetime.signal,
    });
    await expect(late.call('oneTapStart', {})).rejects.toThrow('The client was destroyed');
    expect(iframes()).toHaveLength(0);
  });

  it('fails without a browser window', async () => {
    const headless = new ClientsideFrame({ url: FRAME_URL, publicToken: PUBLIC_TOKEN, clock: systemClock });
    await expect(headless.call('oneTapStart', {})).rejects.toBeInstanceOf(LatchkeyNetworkError);
  });
});
