/**
 * @module siwe-params — checks the caller's `siwe_params` (EIP-4361 fields a page may choose)
 * against the rules of docs/contracts.md "Crypto wallets" before they go into a SIWE message.
 */
import { ApiError } from '../../../errors/api-error.js';

/** The caller's part of a SIWE message, checked; the provider adds domain, address, nonce and expiry. */
export interface SiweInput {
  uri: string;
  chainId: number;
  issuedAt: Date | null;
  statement: string | null;
  notBefore: Date | null;
  requestId: string | null;
  resources: string[];
}

const KEYS = new Set([
  'uri',
  'chain_id',
  'issued_at',
  'statement',
  'not_before',
  'message_request_id',
  'resources',
]);
/** A challenge expires 5 minutes after it is made; a caller's times must fit that window. */
const FIVE_MINUTES_MS = 5 * 60 * 1000;
const MAX_STATEMENT_LENGTH = 500;
const MAX_REQUEST_ID_LENGTH = 200;
const MAX_RESOURCES = 20;
const MAX_URI_LENGTH = 2048;
/** The characters RFC 3986 allows in a URI (as viem's createSiweMessage checks them). */
const URI_CHARACTERS = /^[A-Za-z0-9:/?#[\]@!$&'()*+,;=.\-_~%]+$/;
/** RFC 3339 date-time, the form EIP-4361 and viem's parseSiweMessage read back. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
/** Line breaks and other control characters would change the lines of the signed message. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;

function invalid(message: string): ApiError {
  return new ApiError('invalid_request', { message });
}

/** `value` unless the caller left the key out or sent null. */
function present(value: unknown): value is NonNullable<unknown> {
  return value !== undefined && value !== null;
}

function isAbsoluteUri(value: string): boolean {
  return value.length <= MAX_URI_LENGTH && URI_CHARACTERS.test(value) && URL.canParse(value);
}

function parseUri(raw: unknown, origin: string): string {
  if (!present(raw)) return origin;
  if (typeof raw !== 'string' || !isAbsoluteUri(raw)) {
    throw invalid(`siwe_params.uri must be an absolute URI of at most ${MAX_URI_LENGTH} characters.`);
  }
  // EIP-4361 "Specifying the Request Origin": the URI names the page that asks (SECURITY G1).
  if (new URL(raw).origin !== new URL(origin).origin) {
    throw invalid(`siwe_params.uri must be on the requesting origin (${origin}).`);
  }
  return raw;
}

function parseChainId(raw: unknown): number {
  if (!present(raw)) return 1;
  // The wire passes the caller's value as is; a decimal string of an integer is accepted as a courtesy.
  const value = typeof raw === 'string' && /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw invalid('siwe_params.chain_id must be a positive integer (an EIP-155 chain id).');
  }
  return value;
}

/** Whether `YYYY-MM-DD` names a real day (Date would roll 2026-02-30 over into March). */
function isCalendarDay(dateTime: string): boolean {
  const [year, month, day] = dateTime.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function parseDateTime(raw: unknown, key: string): Date {
  const date =
    typeof raw === 'string' && DATE_TIME.test(raw) && isCalendarDay(raw) ? new Date(raw) : undefined;
  if (date === undefined || Number.isNaN(date.getTime())) {
    throw invalid(`siwe_params.${key} must be an RFC 3339 date-time, e.g. 2026-01-31T12:00:00.000Z.`);
  }
  return date;
}

function parseIssuedAt(raw: unknown, now: Date): Date | null {
  if (!present(raw)) return null;
  const issuedAt = parseDateTime(raw, 'issued_at');
  if (Math.abs(issuedAt.getTime() - now.getTime()) > FIVE_MINUTES_MS) {
    throw invalid('siwe_params.issued_at must lie within 5 minutes of the current time.');
  }
  return issuedAt;
}

function parseNotBefore(raw: unknown, now: Date): Date | null {
  if (!present(raw)) return null;
  const notBefore = parseDateTime(raw, 'not_before');
  // A message that only becomes valid after it has expired could never be used.
  if (notBefore.getTime() >= now.getTime() + FIVE_MINUTES_MS) {
    throw invalid('siwe_params.not_before must be before the challenge expires (5 minutes from now).');
  }
  return notBefore;
}

/** A one-line text field; the empty string counts as absent. */
function parseLine(raw: unknown, key: string, maxLength: number): string | null {
  if (!present(raw) || raw === '') return null;
  if (typeof raw !== 'string') throw invalid(`siwe_params.${key} must be a string.`);
  if (raw.length > maxLength) throw invalid(`siwe_params.${key} must be at most ${maxLength} characters.`);
  if (CONTROL_CHARACTERS.test(raw)) {
    throw invalid(`siwe_params.${key} must not contain line breaks or other control characters.`);
  }
  return raw;
}

function parseResources(raw: unknown): string[] {
  if (!present(raw)) return [];
  if (!Array.isArray(raw)) throw invalid('siwe_params.resources must be an array of URIs.');
  if (raw.length > MAX_RESOURCES)
    throw invalid(`siwe_params.resources may list at most ${MAX_RESOURCES} URIs.`);
  raw.forEach((resource: unknown, index) => {
    if (typeof resource !== 'string' || !isAbsoluteUri(resource)) {
      throw invalid(
        `siwe_params.resources[${index}] must be an absolute URI of at most ${MAX_URI_LENGTH} characters.`,
      );
    }
  });
  return raw as string[];
}

/**
 * Checks a start request's `siwe_params` (absent → uri = origin, chain 1) or throws 400
 * invalid_request naming the field and the rule. Unknown keys are refused, so a caller can never
 * choose the nonce, domain or address (SECURITY G1, G2).
 */
export function parseSiweParams(raw: unknown, origin: string, now: Date): SiweInput {
  if (!present(raw)) {
    return {
      uri: origin,
      chainId: 1,
      issuedAt: null,
      statement: null,
      notBefore: null,
      requestId: null,
      resources: [],
    };
  }
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalid('siwe_params must be an object.');
  const unknownKey = Object.keys(raw).find((key) => !KEYS.has(key));
  if (unknownKey !== undefined) {
    throw invalid(
      `siwe_params has the unknown key "${unknownKey.slice(0, 40)}"; allowed: ${[...KEYS].join(', ')}.`,
    );
  }
  const params = raw as Record<string, unknown>;
  return {
    uri: parseUri(params.uri, origin),
    chainId: parseChainId(params.chain_id),
    issuedAt: parseIssuedAt(params.issued_at, now),
    statement: parseLine(params.statement, 'statement', MAX_STATEMENT_LENGTH),
    notBefore: parseNotBefore(params.not_before, now),
    requestId: parseLine(params.message_request_id, 'message_request_id', MAX_REQUEST_ID_LENGTH),
    resources: parseResources(params.resources),
  };
}
