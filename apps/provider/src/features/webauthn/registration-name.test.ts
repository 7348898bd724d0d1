/** Passkey names: the rename rules. */
import { expect, it } from 'vitest';
import { isApiError } from '../../errors/api-error.js';
import { normaliseRegistrationName } from './registration-name.js';

it('trims and keeps one line of up to 100 characters, emoji and joiners included', () => {
  expect(normaliseRegistrationName('  Phone  ')).toBe('Phone');
  expect(normaliseRegistrationName('👩‍💻'.repeat(33))).toBe('👩‍💻'.repeat(33));
  expect(normaliseRegistrationName('é'.repeat(100))).toBe('é'.repeat(100));
});

it.each([
  '',
  ' \t ',
  'x'.repeat(101),
  'a\nb',
  'a\rb',
  'tab\there',
  'nul\u0000',
  'del\u007f',
  'c1\u0085',
  'l\u2028s',
  '\udc00',
])('refuses %j with invalid_request', (name) => {
  try {
    normaliseRegistrationName(name);
    expect.unreachable();
  } catch (error) {
    expect(isApiError(error) && error.code).toBe('invalid_request');
  }
});
