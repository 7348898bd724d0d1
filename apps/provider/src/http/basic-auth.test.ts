/** Basic-auth parsing. */
import { expect, it } from 'vitest';
import { parseBasicAuth } from './basic-auth.js';

const encode = (s: string) => `Basic ${Buffer.from(s).toString('base64')}`;

it('splits at the first colon', () => {
  expect(parseBasicAuth(encode('public-token-test-a:b:c'))).toEqual({
    username: 'public-token-test-a',
    password: 'b:c',
  });
  expect(parseBasicAuth(`basic ${Buffer.from('a:b').toString('base64')}`)).toEqual({
    username: 'a',
    password: 'b',
  });
});

it.each([
  undefined,
  '',
  'Basic',
  'Basic !!!!',
  'Bearer x',
  encode('nocolon'),
  encode(':secret'),
  encode('user:'),
  encode('a:b\nc'),
  encode(`a:${'x'.repeat(1025)}`),
])('rejects %j', (header) => {
  expect(parseBasicAuth(header)).toBeNull();
});
