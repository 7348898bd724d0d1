/** @module db-errors — recognises "the database is unreachable" and "try that again", so both become a 503, never a 500. */

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);

// SQLSTATE class 08 (connection exception), 57P01-03 (shutdown / cannot connect now), 53300 (too many connections).
const unavailableSqlStates = /^(08...|57P0[123]|53300)$/;

const unavailableMessages =
  /connection terminated|timeout exceeded when trying to connect|connection error|connection ended|pglite is closed|database is closed|not connected/i;

/** True when `error` (or anything in its cause chain) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (networkCodes.has(code) || unavailableSqlStates.test(code))) return true;
  if (typeof message === 'string' && unavailableMessages.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

// 40001 serialization failure, 40P01 deadlock: PostgreSQL aborted the transaction and asks for a retry.
const retrySqlStates = new Set(['40001', '40P01']);

// A connection lost mid-flight (not one that was never made: retrying a refused connect only adds latency).
const lostConnectionCodes = new Set(['ECONNRESET', 'EPIPE', '57P01', '57P02', '08006', '08003']);
const lostConnectionMessages = /connection terminated unexpectedly/i;

/**
 * True when `error` (or its cause chain) is a failure that a second attempt of the same
 * transaction may well not meet: a serialization failure, a deadlock, or a connection lost
 * while it ran.
 */
export function isTransientDatabaseError(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (retrySqlStates.has(code) || lostConnectionCodes.has(code))) return true;
  if (typeof message === 'string' && lostConnectionMessages.test(message)) return true;
  return isTransientDatabaseError(cause, depth + 1);
}
