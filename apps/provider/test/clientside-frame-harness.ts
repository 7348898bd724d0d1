/**
 * Runs the real client-side services script (assets/clientside-services.js) in a small fake
 * window whose `fetch` goes to the test app through `inject`, so tests drive the frame protocol
 * end to end: parent message → frame → provider route → reply to the parent.
 */
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { loadClientsideServicesScript } from '../src/features/clientside-services/clientside-services-script.js';

/** The provider origin the fake frame is served from. */
export const FRAME_ORIGIN = 'http://localhost:4000';

/** The request the frame makes to the provider to parse `number` for `publicToken`'s page at `parentOrigin`. */
export function parseRequest(publicToken: string, parentOrigin: string, number: string, country?: string) {
  return {
    url: `${FRAME_ORIGIN}/v1/public/phone_numbers/parse`,
    body: { public_token: publicToken, parent_origin: parentOrigin, number, country },
  };
}

/** A message the frame posted to its parent, with the target origin it named. */
export interface PostedMessage {
  data: Record<string, unknown>;
  targetOrigin: string;
}

/** A message event as the frame's listener receives it. */
interface FakeMessageEvent {
  source: unknown;
  origin: string;
  data: unknown;
  /** The transferred MessagePorts; the official SDK sends one per call. */
  ports?: { postMessage(data: unknown): void }[];
}

/** What the frame answered on the port of an official SDK call. */
export type OfficialReply =
  | { success: true; payload: Record<string, unknown> }
  | { success: false; error: Record<string, unknown> };

/** The running frame. */
export interface FrameHarness {
  /** What the frame posted to its parent, in order. */
  posted: PostedMessage[];
  /** The fake parent window (the `source` of genuine parent messages). */
  parent: object;
  /** Delivers a message event to the frame. */
  deliver(event: FakeMessageEvent): void;
  /** Sends `{lk, id, method, params}` from the parent at `origin` and waits for the reply with that id. */
  call(origin: string, method: string, params: Record<string, unknown>): Promise<Record<string, unknown>>;
  /**
   * Sends the official SDK's `{method, args: [request]}` with a MessagePort, as its
   * IframeHostClient does, and waits for the answer on that port.
   */
  callOfficial(origin: string, method: string, request: Record<string, unknown>): Promise<OfficialReply>;
  /** The provider requests the frame made, in order. */
  requests: { url: string; body: unknown }[];
}

/** Starts the frame script as if loaded at `/v1/public/clientside-services?public_token=…`. */
export function startFrame(app: FastifyInstance, publicToken: string): FrameHarness {
  const posted: PostedMessage[] = [];
  const requests: { url: string; body: unknown }[] = [];
  const listeners: ((event: FakeMessageEvent) => void)[] = [];
  const waiting = new Map<unknown, (data: Record<string, unknown>) => void>();
  const parent = {
    postMessage(data: Record<string, unknown>, targetOrigin: string) {
      // Structured clone: the page never shares objects with the frame.
      const copy = JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
      posted.push({ data: copy, targetOrigin });
      waiting.get(copy.id)?.(copy);
    },
  };
  const href = `${FRAME_ORIGIN}/v1/public/clientside-services?public_token=${encodeURIComponent(publicToken)}`;
  const window = {
    location: { href, search: new URL(href).search },
    parent,
    addEventListener(type: string, listener: (event: FakeMessageEvent) => void) {
      if (type === 'message') listeners.push(listener);
    },
  };
  const fetch = async (
    url: string,
    init: { method: string; headers: Record<string, string>; body: string },
  ) => {
    const target = new URL(url);
    requests.push({ url, body: JSON.parse(init.body) });
    if (target.origin !== FRAME_ORIGIN) throw new TypeError('Failed to fetch');
    const response = await app.inject({
      method: init.method as 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...init.headers, origin: FRAME_ORIGIN },
      payload: init.body,
    });
    return {
      ok: response.statusCode >= 200 && response.statusCode < 300,
      status: response.statusCode,
      text: async () => response.body,
    };
  };
  runInNewContext(loadClientsideServicesScript(), { window, fetch, URL, URLSearchParams });
  let nextId = 0;
  const deliver = (event: FakeMessageEvent) => {
    for (const listener of listeners) listener(event);
  };
  return {
    posted,
    parent,
    requests,
    deliver,
    call(origin, method, params) {
      nextId += 1;
      const id = `call-${nextId}`;
      const reply = new Promise<Record<string, unknown>>((resolve) => waiting.set(id, resolve));
      deliver({ source: parent, origin, data: { lk: 'latchkey-clientside', id, method, params } });
      return reply;
    },
    callOfficial(origin, method, request) {
      return new Promise<OfficialReply>((resolve) => {
        const port = {
          // Structured clone, as across a real MessageChannel.
          postMessage: (data: unknown) => resolve(JSON.parse(JSON.stringify(data)) as OfficialReply),
        };
        deliver({ source: parent, origin, data: { method, args: [request] }, ports: [port] });
      });
    },
  };
}
