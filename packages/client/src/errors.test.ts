import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isLatchkeyError,
  isUnrecoverableSessionError,
  LATCHKEY_ERROR_CODES,
  LatchkeyApiError,
  LatchkeyArgumentError,
  LatchkeyError,
  UNRECOVERABLE_SESSION_ERRORS,
} from './errors.js';

function documentedCodes(): string[] {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Errors'));
  return [...section.matchAll(/^\| `([a-z_]+)` +\|/gm)].map((match) => match[1]!);
}

describe('error catalogue', () => {
  it('matches the README both ways', () => {
    expect(documentedCodes().sort()).toEqual(Object.keys(LATCHKEY_ERROR_CODES).sort());
  });

  it('lists the four unrecoverable session errors', () => {
    for (const code of UNRECOVERABLE_SESSION_ERRORS) expect(LATCHKEY_ERROR_CODES).toHaveProperty(code);
    const error = new LatchkeyApiError({ code: 'session_not_found', status: 404, message: 'gone' });
    expect(isUnrecoverableSessionError(error)).toBe(true);
    expect(
      isUnrecoverableSessionError(new LatchkeyApiError({ code: 'rate_limited', status: 429, message: '' })),
    ).toBe(false);
    expect(isUnrecoverableSessionError(new LatchkeyError('session_not_found', 'not from the API'))).toBe(
      false,
    );
  });

  it('keeps cause and name', () => {
    const cause = new Error('root');
    const error = new LatchkeyArgumentError('email', 'must be a string', { cause });
    expect(error.cause).toBe(cause);
    expect(error.name).toBe('LatchkeyArgumentError');
    expect(isLatchkeyError(error)).toBe(true);
    expect(isLatchkeyError(new Error('x'))).toBe(false);
  });
});
