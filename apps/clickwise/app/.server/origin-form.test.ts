/** Request targets → origin-form (issue 16: the client never names the site's origin). */
import { expect, it } from 'vitest';
import { originForm } from './origin-form.js';

it.each([
  ['/', '/'],
  ['/campaigns?x=1', '/campaigns?x=1'],
  ['//evil.example/account', '/evil.example/account'],
  ['///x', '/x'],
  ['http://evil.example/account?y=2', '/account?y=2'],
  ['HTTPS://evil.example//x', '/x'],
  ['*', '/'],
  ['evil.example:443', '/'],
  ['', '/'],
])('%j → %j', (target, expected) => {
  expect(originForm(target)).toBe(expected);
  // Resolved against the public origin, the result keeps it.
  expect(new URL(originForm(target), 'https://clickwise.example').origin).toBe('https://clickwise.example');
});
