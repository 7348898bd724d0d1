/** Passkey names: the rename rules and the defaults from the AAGUID. */
import { expect, it } from 'vitest';
import { isApiError } from '../../errors/api-error.js';
import { defaultRegistrationName } from './authenticator-names.js';
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

it('names known authenticators and calls the rest "Passkey"', () => {
  expect(defaultRegistrationName('ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4')).toBe('Google Password Manager');
  expect(defaultRegistrationName('FBFC3007-154E-4ECC-8C0B-6E020557D7BD')).toBe('iCloud Keychain');
  expect(defaultRegistrationName('08987058-cadc-4b81-b6e1-30de50dcbe96')).toBe('Windows Hello');
  expect(defaultRegistrationName('bada5566-a7aa-401f-bd96-45619a55120d')).toBe('1Password');
  expect(defaultRegistrationName('adce0002-35bc-c60a-648b-0b25f1f05503')).toBe('Chrome on Mac');
  expect(defaultRegistrationName('00000000-0000-0000-0000-000000000000')).toBe('Passkey');
});
