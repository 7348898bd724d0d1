import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isLatchkeyServerError, LatchkeyServerError, SERVER_ERROR_CATALOG } from './errors.js';

/** The codes listed in the README's error table (between the error-codes markers). */
function documentedCodes(): string[] {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const table = readme.split('<!-- error-codes:start -->')[1]?.split('<!-- error-codes:end -->')[0] ?? '';
  return [...table.matchAll(/^\|\s*`([a-z_]+)`\s*\|/gm)].map((match) => match[1] ?? '');
}

describe('LatchkeyServerError', () => {
  it('documents every catalogued code in the README, and catalogues every documented code', () => {
    const documented = documentedCodes();
    expect(documented.length).toBeGreaterThan(0);
    expect([...documented].sort()).toEqual(Object.keys(SERVER_ERROR_CATALOG).sort());
  });

  it('uses the catalogue message for a known code and names an unknown wire code', () => {
    expect(new LatchkeyServerError('jwt_expired').message).toBe(SERVER_ERROR_CATALOG.jwt_expired);
    expect(new LatchkeyServerError('session_not_found').message).toContain('session_not_found');
  });

  it('keeps code, status, request id and cause', () => {
    const cause = new Error('socket hang up');
    const error = new LatchkeyServerError('session_not_found', { status: 404, requestId: 'r-1', cause });
    expect(error).toMatchObject({ code: 'session_not_found', status: 404, requestId: 'r-1', cause });
    expect(isLatchkeyServerError(error)).toBe(true);
    expect(isLatchkeyServerError(cause)).toBe(false);
  });
});
