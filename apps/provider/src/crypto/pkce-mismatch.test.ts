import { describe, expect, it } from 'vitest';
import { pkceMismatch } from './pkce-mismatch.js';

describe('pkceMismatch', () => {
  it('names what the challenge came with, in each of the three failures', () => {
    const message = (outcome: Parameters<typeof pkceMismatch>[0], issued: string) =>
      pkceMismatch(outcome, issued).message;
    expect(message('unexpected_verifier', 'this magic link was issued')).toBe(
      'A code_verifier was sent, but this magic link was issued without a code_challenge (pkce).',
    );
    expect(message('missing_verifier', 'this OAuth flow was started')).toBe(
      'This OAuth flow was started with a PKCE code_challenge; send its code_verifier.',
    );
    expect(message('mismatch', 'this password reset was started')).toBe(
      'The PKCE code_verifier does not match the code_challenge this password reset was started with.',
    );
    expect(pkceMismatch('mismatch', 'this magic link was issued').code).toBe('pkce_mismatch');
  });
});
