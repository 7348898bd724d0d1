/**
 * @module internal/clientside-frame — the hidden cross-origin frame of client-side services
 * (spec §7): One Tap start and submit, phone parsing. One frame per client, opened on first use.
 */

import {
  LatchkeyApiError,
  type LatchkeyError,
  LatchkeyNetworkError,
  LatchkeyTimeoutError,
} from '../errors.js';
import type { Clock } from '../options.js';

/** The `lk` tag of every message of the frame protocol (docs/contracts.md "One Tap"). */
export const FRAME_PROTOCOL = 'latchkey-clientside';
/** How long a call may wait for the frame (loading included) before it fails. */
export const FRAME_TIMEOUT_MS = 10_000;

/** The window the frame is added to; `globalThis.window` by default. */
export type FrameHostWindow = Pick<
  Window,
  'document' | 'location' | 'addEventListener' | 'removeEventListener'
>;

/** What the frame needs. */
export interface ClientsideFrameDeps {
  /** `endpoints.clientsideServicesIframeURL`; `?public_token=` is added. */
  url: string;
  publicToken: string;
  clock: Clock;
  /** Absent outside browsers: every call then fails with `network_unreachable`. */
  window?: FrameHostWindow | undefined;
  timeoutMs?: number;
  /** The client's lifetime: the frame is destroyed when it aborts (or at once if it already has). */
  signal?: AbortSignal;
}

/** The frame's error shape: the provider's wire error as the frame passed it on. */
interface FrameErrorBody {
  status_code?: unknown;
  error_type?: unknown;
  error_message?: unknown;
}

interface PendingCall {
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: unknown;
}

/** A frame reply as the client's errors: the provider's own answer, or the frame losing the network. */
function toError(body: FrameErrorBody): LatchkeyError {
  const code = typeof body.error_type === 'string' ? body.error_type : 'unexpected_response';
  const message = typeof body.error_message === 'string' ? body.error_message : 'The frame call failed';
  const status = typeof body.status_code === 'number' ? body.status_code : 0;
  if (code === 'network_unreachable' || status === 0)
    return new LatchkeyNetworkError(message, { cause: body });
  return new LatchkeyApiError({ code, status, message }, { cause: body });
}

/** The frame: one hidden iframe, a ready handshake, then calls matched to replies by id. */
export class ClientsideFrame {
  readonly #deps: ClientsideFrameDeps;
  readonly #timeoutMs: number;
  readonly #pending = new Map<string, PendingCall>();
  #iframe: HTMLIFrameElement | undefined;
  #target: Window | undefined;
  #origin = '';
  #ready = false;
  #queue: (() => void)[] = [];
  #nextId = 0;
  #destroyed = false;

  constructor(deps: ClientsideFrameDeps) {
    this.#deps = deps;
    this.#timeoutMs = deps.timeoutMs ?? FRAME_TIMEOUT_MS;
    if (deps.signal?.aborted) this.destroy();
    else deps.signal?.addEventListener('abort', () => this.destroy(), { once: true });
  }

  /** Calls `method` in the frame; resolves its `result` or rejects with a LatchkeyError. */
  call<T>(method: string, params: Record<string, unknown>): Promise<T> {
    if (this.#destroyed) return Promise.reject(new LatchkeyNetworkError('The client was destroyed'));
    const host = this.#deps.window;
    if (!host) {
      return Promise.reject(new LatchkeyNetworkError('Client-side services need a browser window'));
    }
    this.#open(host);
    this.#nextId += 1;
    const id = `${this.#nextId}`;
    return new Promise<T>((resolve, reject) => {
      const timer = this.#deps.clock.setTimeout(() => {
        this.#pending.delete(id);
        reject(new LatchkeyTimeoutError(this.#timeoutMs));
      }, this.#timeoutMs);
      this.#pending.set(id, { resolve: resolve as (result: unknown) => void, reject, timer });
      const send = () => {
        if (this.#pending.has(id))
          this.#target?.postMessage({ lk: FRAME_PROTOCOL, id, method, params }, this.#origin);
      };
      if (this.#ready) send();
      else this.#queue.push(send);
    });
  }

  /** Removes the frame and its listener; calls still waiting fail. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#deps.window?.removeEventListener('message', this.#onMessage);
    this.#iframe?.remove();
    for (const [id, pending] of this.#pending) {
      this.#deps.clock.clearTimeout(pending.timer);
      pending.reject(new LatchkeyNetworkError('The client was destroyed'));
      this.#pending.delete(id);
    }
    this.#queue = [];
  }

  #open(host: FrameHostWindow): void {
    if (this.#iframe) return;
    const url = new URL(this.#deps.url, host.location.href);
    url.searchParams.set('public_token', this.#deps.publicToken);
    this.#origin = url.origin;
    const iframe = host.document.createElement('iframe');
    iframe.src = url.toString();
    iframe.title = 'Latchkey client-side services';
    iframe.tabIndex = -1;
    iframe.setAttribute('aria-hidden', 'true');
    iframe.style.display = 'none';
    host.addEventListener('message', this.#onMessage);
    (host.document.body ?? host.document.documentElement).appendChild(iframe);
    this.#iframe = iframe;
    this.#target = iframe.contentWindow ?? undefined;
  }

  // Only the frame's own window at the frame's origin is listened to; any other page's message is ignored.
  readonly #onMessage = (event: MessageEvent): void => {
    if (!this.#target || event.source !== this.#target || event.origin !== this.#origin) return;
    const data = event.data as {
      lk?: unknown;
      ready?: unknown;
      id?: unknown;
      result?: unknown;
      error?: unknown;
    };
    if (typeof data !== 'object' || data === null || data.lk !== FRAME_PROTOCOL) return;
    if (data.ready === true) {
      if (this.#ready) return;
      this.#ready = true;
      const queued = this.#queue;
      this.#queue = [];
      for (const send of queued) send();
      return;
    }
    if (typeof data.id !== 'string') return;
    const pending = this.#pending.get(data.id);
    if (!pending) return;
    this.#pending.delete(data.id);
    this.#deps.clock.clearTimeout(pending.timer);
    if (data.error !== undefined) pending.reject(toError(data.error as FrameErrorBody));
    else pending.resolve(data.result);
  };
}
