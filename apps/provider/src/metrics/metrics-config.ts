/** @module metrics-config — LATCHKEY_METRICS_*: where /metrics is served, if anywhere (docs/provider-api.md "Metrics and traces"). */

/**
 * `port`: a listener of its own (LATCHKEY_METRICS_PORT on LATCHKEY_METRICS_HOST, loopback by
 * default), the recommended way; `token`: GET /metrics on the main port with
 * `Authorization: Bearer <token>`. Both may be set.
 */
export interface MetricsConfig {
  port: number | undefined;
  host: string;
  token: string | undefined;
}

/** A bearer token shorter than this is refused (it guards process internals on a public port). */
export const MIN_METRICS_TOKEN_LENGTH = 32;

type Parsed = { ok: true; value: MetricsConfig | undefined } | { ok: false; problem: string };

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** Reads LATCHKEY_METRICS_PORT, LATCHKEY_METRICS_HOST and LATCHKEY_METRICS_TOKEN; none set: no metrics. */
export function parseMetricsConfig(env: NodeJS.ProcessEnv): Parsed {
  const rawPort = nonEmpty(env.LATCHKEY_METRICS_PORT);
  const host = nonEmpty(env.LATCHKEY_METRICS_HOST);
  const token = nonEmpty(env.LATCHKEY_METRICS_TOKEN);
  const port = rawPort === undefined ? undefined : /^[0-9]+$/.test(rawPort) ? Number(rawPort) : Number.NaN;
  if (port !== undefined && !(port >= 1 && port <= 65535))
    return { ok: false, problem: `LATCHKEY_METRICS_PORT must be a port from 1 to 65535, got "${rawPort}"` };
  if (host !== undefined && port === undefined)
    return { ok: false, problem: 'LATCHKEY_METRICS_HOST is set but LATCHKEY_METRICS_PORT is not' };
  if (token !== undefined && token.length < MIN_METRICS_TOKEN_LENGTH)
    return {
      ok: false,
      problem: `LATCHKEY_METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters (e.g. openssl rand -base64 32)`,
    };
  if (port === undefined && token === undefined) return { ok: true, value: undefined };
  return { ok: true, value: { port, host: host ?? '127.0.0.1', token } };
}
