/** RFC 7636 S256 checks. */
import { expect, it } from 'vitest';
import { CODE_VERIFIER_PATTERN, checkPkce, s256Challenge } from './pkce.js';

it('matches the RFC 7636 Appendix B example', () => {
  expect(s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
    'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  );
});

it('decides each case', () => {
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const challenge = s256Challenge(verifier);
  expect(checkPkce(null, undefined)).toBe('ok');
  expect(checkPkce(challenge, verifier)).toBe('ok');
  expect(checkPkce(challenge, undefined)).toBe('missing_verifier');
  expect(checkPkce(challenge, `${verifier}x`)).toBe('mismatch');
  expect(checkPkce(null, verifier)).toBe('unexpected_verifier');
});

it('verifier grammar is 43–128 unreserved characters', () => {
  const pattern = new RegExp(CODE_VERIFIER_PATTERN);
  expect(pattern.test('a'.repeat(43))).toBe(true);
  expect(pattern.test('a'.repeat(128))).toBe(true);
  expect(pattern.test('a'.repeat(42))).toBe(false);
  expect(pattern.test('a'.repeat(129))).toBe(false);
  expect(pattern.test(`${'a'.repeat(43)}/`)).toBe(false);
});
