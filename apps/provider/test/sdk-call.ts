/** One call to the browser-facing API as a page's SDK makes it: the helpers of every flow call through here. */
import type { LightMyRequestResponse } from 'fastify';
import { sdkHeaders, type TestContext } from './test-app.js';

/** Who calls, and from where, beyond the development project's SDK on 127.0.0.1. */
export interface SdkCallOptions {
  /** Another project's public token (default: the development project's). */
  publicToken?: string;
  /** A session token or IST for the Basic password (signed out when absent). */
  sessionToken?: string;
  /** The client address (default: 127.0.0.1). */
  ip?: string;
  /** Another instance of the provider (default: the context's). */
  app?: TestContext['app'];
}

/** POSTs `payload` to `/sdk/v1{path}`. */
export function sdkPost(
  ctx: TestContext,
  path: string,
  payload: unknown,
  options: SdkCallOptions = {},
): Promise<LightMyRequestResponse> {
  return sdkCall(ctx, 'POST', path, payload, options);
}

/** GETs `/sdk/v1{path}`. */
export function sdkGet(
  ctx: TestContext,
  path: string,
  options: SdkCallOptions = {},
): Promise<LightMyRequestResponse> {
  return sdkCall(ctx, 'GET', path, undefined, options);
}

function sdkCall(
  ctx: TestContext,
  method: 'GET' | 'POST',
  path: string,
  payload: unknown,
  options: SdkCallOptions,
): Promise<LightMyRequestResponse> {
  return (options.app ?? ctx.app).inject({
    method,
    url: `/sdk/v1${path}`,
    headers: sdkHeaders(options.publicToken ?? ctx.dev.public_token, options.sessionToken),
    remoteAddress: options.ip,
    payload: payload as Record<string, unknown>,
  });
}

/**
 * Returns a source of client addresses in 10.`block`.0.0/16 that no earlier call used, so the
 * per-network counters (send, lookup and login limits) start at 0 and a test meets a limit only
 * on purpose. Each helper module takes its own block, so their addresses never meet.
 */
export function freshAddressesIn(block: number): () => string {
  let next = 0;
  return () => {
    next += 1;
    return `10.${block}.${next >> 8}.${next & 255}`;
  };
}
