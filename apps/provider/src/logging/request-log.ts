/**
 * @module request-log — which per-request lines ("incoming request", "request completed") are
 * written, and at what level (LATCHKEY_REQUEST_LOG; docs/provider-api.md#logs).
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * `every`: both lines at info for every request (development's default).
 * `debug`: both lines at debug, so only LOG_LEVEL=debug or trace writes them (production's default).
 * `sampled`: the "request completed" line of a `rate` share of requests at info, with the method
 * and path; the rest at debug.
 */
export type RequestLogPolicy = { kind: 'every' } | { kind: 'debug' } | { kind: 'sampled'; rate: number };

/** Reads LATCHKEY_REQUEST_LOG (`info`, `debug`, or a share such as `0.01`); a problem is a sentence. */
export function parseRequestLogPolicy(
  value: string | undefined,
  mode: 'development' | 'production',
): { ok: true; policy: RequestLogPolicy } | { ok: false; problem: string } {
  if (value === undefined) return { ok: true, policy: { kind: mode === 'production' ? 'debug' : 'every' } };
  if (value === 'info') return { ok: true, policy: { kind: 'every' } };
  if (value === 'debug') return { ok: true, policy: { kind: 'debug' } };
  const rate = /^(0(\.\d+)?|1(\.0+)?)$/.test(value) ? Number(value) : Number.NaN;
  if (rate > 0 && rate <= 1) return { ok: true, policy: { kind: 'sampled', rate } };
  return {
    ok: false,
    problem: `LATCHKEY_REQUEST_LOG must be info, debug or a share of requests above 0 and at most 1 (e.g. 0.01), got "${value}"`,
  };
}

/** The logger's `isLevelEnabled` where it has one (pino does); absent, every level counts as on. */
function levelEnabled(log: FastifyRequest['log'], level: 'debug'): boolean {
  const check = (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return typeof check === 'function' ? check.call(log, level) : true;
}

/**
 * Fastify's request lines under a policy. Only the two per-request lines move: the error lines
 * (a failed reply, a serializer failure, a stream error) keep Fastify's levels, and
 * errors/error-handler.ts logs every 5xx at error whatever the policy.
 */
class PolicyLogController extends LogController {
  readonly #policy: RequestLogPolicy;
  readonly #sample: () => number;

  constructor(policy: RequestLogPolicy, sample: () => number) {
    super();
    this.#policy = policy;
    this.#sample = sample;
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (this.#policy.kind === 'every') super.incomingRequest(request, reply);
    else if (levelEnabled(request.log, 'debug')) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // Not a secret-bearing choice, so Math.random is fine; a sampled line names the request
    // itself because its "incoming request" line was not written.
    if (this.#policy.kind === 'every' || error) super.requestCompleted(error, request, reply);
    else if (this.#policy.kind === 'sampled' && this.#sample() < this.#policy.rate) {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    } else if (levelEnabled(reply.log, 'debug')) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

/** The `logController` option of Fastify for `policy`; `sample` draws in [0, 1) (tests pass their own). */
export function requestLogController(
  policy: RequestLogPolicy,
  sample: () => number = Math.random,
): LogController {
  return new PolicyLogController(policy, sample);
}
