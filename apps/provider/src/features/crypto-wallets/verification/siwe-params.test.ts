/** The caller's `siwe_params`: defaults, accepted values, and one refusal per rule. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../errors/api-error.js';
import { parseSiweParams } from './siwe-params.js';

const ORIGIN = 'https://app.example.com';
const NOW = new Date('2026-03-01T12:00:00.000Z');

function refusal(raw: unknown): ApiError {
  try {
    parseSiweParams(raw, ORIGIN, NOW);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('parseSiweParams', () => {
  it('defaults to the requesting origin and chain 1 when siwe_params is absent', () => {
    const defaults = {
      uri: ORIGIN,
      chainId: 1,
      issuedAt: null,
      statement: null,
      notBefore: null,
      requestId: null,
      resources: [],
    };
    expect(parseSiweParams(undefined, ORIGIN, NOW)).toEqual(defaults);
    expect(parseSiweParams(null, ORIGIN, NOW)).toEqual(defaults);
    expect(parseSiweParams({}, ORIGIN, NOW)).toEqual(defaults);
  });

  it('reads every field', () => {
    expect(
      parseSiweParams(
        {
          uri: 'https://app.example.com/login?next=%2F',
          chain_id: 8453,
          issued_at: '2026-03-01T11:56:00.000Z',
          statement: 'Sign in to Example.',
          not_before: '2026-03-01T12:01:00+01:00',
          message_request_id: 'req-42',
          resources: [
            'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
            'https://example.com/tos',
          ],
        },
        ORIGIN,
        NOW,
      ),
    ).toEqual({
      uri: 'https://app.example.com/login?next=%2F',
      chainId: 8453,
      issuedAt: new Date('2026-03-01T11:56:00.000Z'),
      statement: 'Sign in to Example.',
      notBefore: new Date('2026-03-01T11:01:00.000Z'),
      requestId: 'req-42',
      resources: [
        'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
        'https://example.com/tos',
      ],
    });
  });

  it('accepts a decimal string chain id, and treats null and empty strings as absent', () => {
    expect(parseSiweParams({ chain_id: '137' }, ORIGIN, NOW).chainId).toBe(137);
    const parsed = parseSiweParams(
      { uri: null, chain_id: null, statement: '', message_request_id: '', resources: null },
      ORIGIN,
      NOW,
    );
    expect(parsed).toMatchObject({
      uri: ORIGIN,
      chainId: 1,
      statement: null,
      requestId: null,
      resources: [],
    });
  });

  it('accepts issued_at exactly 5 minutes either side of now', () => {
    expect(parseSiweParams({ issued_at: '2026-03-01T11:55:00.000Z' }, ORIGIN, NOW).issuedAt).toEqual(
      new Date('2026-03-01T11:55:00.000Z'),
    );
    expect(parseSiweParams({ issued_at: '2026-03-01T12:05:00Z' }, ORIGIN, NOW).issuedAt).toEqual(
      new Date('2026-03-01T12:05:00.000Z'),
    );
  });

  it.each([
    ['not an object', 'uri=https://app.example.com', /siwe_params must be an object/],
    ['an array', [], /siwe_params must be an object/],
    ['a caller nonce', { nonce: 'abcdefgh12345678' }, /unknown key "nonce"/],
    ['a caller domain', { domain: 'evil.example' }, /unknown key "domain"/],
    ['a camelCase key', { chainId: 1 }, /unknown key "chainId"/],
    ['a uri on another origin', { uri: 'https://evil.example.com/' }, /must be on the requesting origin/],
    ['a uri on another scheme', { uri: 'http://app.example.com/' }, /must be on the requesting origin/],
    ['a uri on another port', { uri: 'https://app.example.com:8443/' }, /must be on the requesting origin/],
    ['a relative uri', { uri: '/login' }, /siwe_params.uri must be an absolute URI/],
    ['a uri with a space', { uri: 'https://app.example.com/a b' }, /siwe_params.uri must be an absolute URI/],
    ['a uri with a line break', { uri: 'https://app.example.com/\nNonce: x' }, /must be an absolute URI/],
    ['a numeric uri', { uri: 42 }, /siwe_params.uri must be an absolute URI/],
    ['chain id 0', { chain_id: 0 }, /chain_id must be a positive integer/],
    ['a negative chain id', { chain_id: -1 }, /chain_id must be a positive integer/],
    ['a fractional chain id', { chain_id: 1.5 }, /chain_id must be a positive integer/],
    ['an unsafe chain id', { chain_id: 2 ** 53 }, /chain_id must be a positive integer/],
    ['a hex chain id string', { chain_id: '0x1' }, /chain_id must be a positive integer/],
    ['a chain id string with a leading zero', { chain_id: '01' }, /chain_id must be a positive integer/],
    ['a boolean chain id', { chain_id: true }, /chain_id must be a positive integer/],
    ['issued_at 5 minutes and 1 ms ago', { issued_at: '2026-03-01T11:54:59.999Z' }, /within 5 minutes/],
    ['issued_at 6 minutes ahead', { issued_at: '2026-03-01T12:06:00.000Z' }, /within 5 minutes/],
    ['issued_at without a zone', { issued_at: '2026-03-01T12:00:00' }, /issued_at must be an RFC 3339/],
    ['issued_at as a date only', { issued_at: '2026-03-01' }, /issued_at must be an RFC 3339/],
    ['issued_at on 30 February', { issued_at: '2026-02-30T12:00:00Z' }, /issued_at must be an RFC 3339/],
    ['issued_at at 24:30', { issued_at: '2026-03-01T24:30:00Z' }, /issued_at must be an RFC 3339/],
    ['issued_at as a number', { issued_at: NOW.getTime() }, /issued_at must be an RFC 3339/],
    ['not_before at the expiry', { not_before: '2026-03-01T12:05:00.000Z' }, /not_before must be before/],
    ['not_before as words', { not_before: 'tomorrow' }, /not_before must be an RFC 3339/],
    [
      'a statement with \\n',
      { statement: 'a\nURI: https://evil.example' },
      /statement must not contain line/,
    ],
    ['a statement with \\r', { statement: 'a\rb' }, /statement must not contain line breaks/],
    ['a statement with U+2028', { statement: 'a\u2028b' }, /statement must not contain line breaks/],
    ['a statement of 501 characters', { statement: 'a'.repeat(501) }, /statement must be at most 500/],
    ['a numeric statement', { statement: 7 }, /statement must be a string/],
    ['a request id with \\n', { message_request_id: 'a\nb' }, /message_request_id must not contain/],
    ['a request id of 201 characters', { message_request_id: 'r'.repeat(201) }, /at most 200 characters/],
    ['resources not a list', { resources: 'https://example.com' }, /resources must be an array/],
    ['21 resources', { resources: Array(21).fill('https://example.com') }, /at most 20 URIs/],
    ['a relative resource', { resources: ['https://example.com', 'tos'] }, /resources\[1\] must be an/],
    ['a resource with a line break', { resources: ['https://a.example\n- x'] }, /resources\[0\] must be/],
    ['a numeric resource', { resources: [1] }, /resources\[0\] must be an absolute URI/],
  ])('refuses %s with invalid_request', (_, raw, message) => {
    const error = refusal(raw);
    expect(error.code).toBe('invalid_request');
    expect(error.status).toBe(400);
    expect(error.message).toMatch(message);
  });

  it('accepts a statement of 500 characters and 20 resources', () => {
    const parsed = parseSiweParams(
      { statement: 'a'.repeat(500), resources: Array(20).fill('https://example.com/r') },
      ORIGIN,
      NOW,
    );
    expect(parsed.statement).toHaveLength(500);
    expect(parsed.resources).toHaveLength(20);
  });
});
