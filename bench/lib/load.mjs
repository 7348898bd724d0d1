/** Runs autocannon against one loopback URL and reduces its result to the figures the benches print. */
import autocannon from 'autocannon';

/**
 * @param {{ url: string, method?: string, headers?: Record<string, string>, body?: string, seconds: number, connections: number }} options
 */
export async function runLoad({ url, method = 'GET', headers = {}, body, seconds, connections }) {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url))
    throw new Error(`refusing to load a non-loopback URL: ${url}`);
  const result = await autocannon({
    url,
    method,
    headers,
    body,
    duration: seconds,
    connections,
    pipelining: 1,
  });
  return {
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
    ),
  };
}
