// Types of scripts/round-robin-proxy.mjs for the TypeScript tests that put instances behind it.

/** One try of a request on one instance. */
export interface ProxyAttempt {
  /** The instance's index in `targets`. */
  backend: number;
  /** performance.now() when the proxy sent it on. */
  dispatchedAt: number;
  /** The connection to the instance was established (the request was in its hands). */
  connected?: boolean;
  /** The connection error (ECONNREFUSED, ECONNRESET, …) when the try failed. */
  error?: string;
}

/** A request through the proxy, as recorded. */
export interface ProxiedRequest {
  method: string;
  path: string;
  /** Every instance tried, in order (a refused connection moves on to the next one). */
  attempts: ProxyAttempt[];
  /** The instance's status, once it answered. */
  status?: number;
  /** Why the proxy answered 502 itself. */
  error?: string;
}

export interface RoundRobinProxyOptions {
  /** The instances, e.g. `http://127.0.0.1:4000` (loopback only). */
  targets: string[];
  /** 0 (the default) for a free port. */
  port?: number;
  /** Reuse connections to the instances (true by default). */
  keepAlive?: boolean;
  /** How long an instance that refused a connection is left out (5000 ms). */
  downMs?: number;
  /** Keep every request in `records` (false by default). */
  record?: boolean;
  /** Called when a request's connection to an instance is established. */
  onUpstreamConnected?: (request: ProxiedRequest, backend: number) => void;
}

export interface RoundRobinProxy {
  url: string;
  port: number;
  /** The requests so far, when `record` is set. */
  records: ProxiedRequest[];
  close(): Promise<void>;
}

export function startRoundRobinProxy(options: RoundRobinProxyOptions): Promise<RoundRobinProxy>;
