/** The link in magic-link emails (docs/contracts.md). */
import { expect, it } from 'vitest';
import { buildMagicLinkUrl } from './magic-link-url.js';

it.each([
  [
    'http://localhost:4100/authenticate',
    'http://localhost:4100/authenticate?stytch_token_type=magic_links&token=T',
  ],
  ['http://localhost:4100/a?x=1', 'http://localhost:4100/a?x=1&stytch_token_type=magic_links&token=T'],
  ['http://localhost:4100/a?', 'http://localhost:4100/a?stytch_token_type=magic_links&token=T'],
  ['http://localhost:4100/a#frag', 'http://localhost:4100/a?stytch_token_type=magic_links&token=T#frag'],
])('%s → %s', (redirect, expected) => {
  expect(buildMagicLinkUrl(redirect, 'T')).toBe(expected);
});
