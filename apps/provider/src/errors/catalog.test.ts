/** The error catalogue and docs/provider-api.md list the same codes with the same statuses (after Fastify's errors.test.js). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { findRepoRoot } from '../config.js';
import { ApiError } from './api-error.js';
import { type ErrorCode, errorCatalog } from './catalog.js';
import { toWireError } from './error-handler.js';

function documentedCodes(): Map<string, number> {
  const doc = readFileSync(join(findRepoRoot(), 'docs', 'provider-api.md'), 'utf8');
  const section = doc.split(/^## Error catalogue$/m)[1]?.split(/^## /m)[0] ?? '';
  const codes = new Map<string, number>();
  for (const match of section.matchAll(
    /^\|\s*(?:<a id="([a-z_]+)"><\/a>)?`([a-z_]+)`\s*\|\s*(\d{3})\s*\|/gm,
  )) {
    expect(match[1], `anchor of ${match[2]}`).toBe(match[2]);
    codes.set(match[2] as string, Number(match[3]));
  }
  return codes;
}

it('every catalogue code is documented with its status', () => {
  const documented = documentedCodes();
  for (const [code, entry] of Object.entries(errorCatalog)) {
    expect(documented.get(code), code).toBe(entry.status);
  }
});

it('every documented code exists in the catalogue', () => {
  for (const code of documentedCodes().keys()) {
    expect(Object.keys(errorCatalog), code).toContain(code);
  }
});

it('every code builds the wire error shape with matching status_code and error_url', () => {
  for (const code of Object.keys(errorCatalog) as ErrorCode[]) {
    const wire = toWireError(new ApiError(code), 'request-id-test-1');
    expect(wire).toEqual({
      status_code: errorCatalog[code].status,
      request_id: 'request-id-test-1',
      error_type: code,
      error_message: errorCatalog[code].message,
      error_url: `docs/provider-api.md#${code}`,
    });
  }
});
