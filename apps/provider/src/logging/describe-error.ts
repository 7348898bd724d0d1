/** @module describe-error — what a log line may say about an error: its kind, message, code and causes. */

/** An error as logged. */
export interface DescribedError {
  type: string;
  message: string;
  code?: string | number;
  /** The wire error_type and status of an ApiError. */
  status?: number;
  stack?: string;
  cause?: DescribedError;
}

const MAX_CAUSES = 5;

/** The properties that say what went wrong without saying with what (no parameters, bodies or responses). */
function codeOf(error: object): string | number | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? code : undefined;
}

/**
 * pino's standard `err` serializer copies every enumerable property of an error: a database
 * error's `params` and `query` (PGlite attaches both, and an outbox insert's parameters are the
 * email with its link), nodemailer's `response` and envelope, a fetch error's request. This one
 * keeps the name, message, code, stack and the chain of causes, and nothing else.
 */
export function describeError(error: unknown, depth = 0): DescribedError {
  if (!(error instanceof Error)) {
    const code = error !== null && typeof error === 'object' ? codeOf(error) : undefined;
    return {
      type: typeof error,
      message: 'a value that is not an Error was thrown',
      ...(code === undefined ? {} : { code }),
    };
  }
  const described: DescribedError = { type: error.name, message: error.message };
  const code = codeOf(error);
  if (code !== undefined) described.code = code;
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number') described.status = status;
  if (error.stack !== undefined) described.stack = error.stack;
  if (error.cause !== undefined && depth < MAX_CAUSES)
    described.cause = describeError(error.cause, depth + 1);
  return described;
}
