/** @module provider-logger — the provider's pino logger, with serializers that keep secrets out of every line. */
import { type DestinationStream, type Logger, pino } from 'pino';
import { describeError } from './describe-error.js';
import { redactQuery } from './redact-query.js';

/** Options of createProviderLogger. */
export interface ProviderLoggerOptions {
  /** LOG_LEVEL: trace, debug, info, warn, error, fatal or silent. */
  level: string;
  /** Where lines go; standard output by default (tests pass a buffer). */
  destination?: DestinationStream;
}

/**
 * The request as a line shows it: no headers, no body, and the query's values redacted. No
 * address either: the socket's is the proxy's, so the client address (`client_ip`, from the
 * trusted proxies) is bound to the request's later lines by plugins/client-address.ts.
 */
function requestSerializer(request: { method?: string; url?: string }): Record<string, unknown> {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactQuery(request.url),
  };
}

/**
 * Creates the logger `npm start` uses. Fastify uses these serializers for its request lines
 * (they replace its own): a URL can carry a magic-link or OAuth token, an OAuth code and state,
 * or a public token in its query, and pino's standard error serializer copies every property of
 * an error (a database error's parameters, a transport's response), so both are narrowed here
 * rather than trusted at each call site (SECURITY B10; issue 16).
 */
export function createProviderLogger(options: ProviderLoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      base: { name: 'latchkey-provider' },
      serializers: { req: requestSerializer, err: describeError },
      // Credentials never reach the log, whatever a serializer or a call site includes.
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
        censor: '[redacted]',
      },
    },
    options.destination,
  );
}
