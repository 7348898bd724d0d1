import { describe, expect, it } from 'vitest';
import { parseSignInReturn } from './sign-in-return.js';

const parse = (query: string) => parseSignInReturn(new URLSearchParams(query));

describe('parseSignInReturn', () => {
  it('finds the token of a magic link (typed or not) and of an OAuth sign-in', () => {
    expect(parse('stytch_token_type=magic_links&token=abc')).toEqual({
      kind: 'token',
      type: 'magic_links',
      token: 'abc',
    });
    expect(parse('token=abc')).toEqual({ kind: 'token', type: 'magic_links', token: 'abc' });
    expect(parse('stytch_token_type=oauth&token=xyz')).toEqual({
      kind: 'token',
      type: 'oauth',
      token: 'xyz',
    });
  });

  it("shows the provider's description of a failed OAuth sign-in", () => {
    expect(
      parse(
        'stytch_token_type=oauth&error=oauth_user_cancelled&error_description=The+sign-in+was+cancelled+at+the+identity+provider.',
      ),
    ).toEqual({ kind: 'failed', message: 'The sign-in was cancelled at the identity provider.' });
  });

  it('an unknown error or an empty description gets our own words; a long one is cut', () => {
    const generic = { kind: 'failed', message: 'Signing in did not work. Please try again.' };
    expect(parse('stytch_token_type=oauth&error=call_us&error_description=Call+555-0100')).toEqual(generic);
    expect(parse('stytch_token_type=oauth&error=oauth_token_invalid')).toEqual(generic);
    const long = parse(`stytch_token_type=oauth&error=invalid_request&error_description=${'x'.repeat(400)}`);
    expect(long).toEqual({ kind: 'failed', message: 'x'.repeat(300) });
  });

  it('no token, or a token type the site does not redeem, is incomplete', () => {
    expect(parse('')).toEqual({ kind: 'incomplete' });
    expect(parse('stytch_token_type=oauth')).toEqual({ kind: 'incomplete' });
    expect(parse('stytch_token_type=reset_password&token=abc')).toEqual({ kind: 'incomplete' });
  });
});
