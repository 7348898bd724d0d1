/** `project create|update --vertical consumer|b2b|none`. */
import { expect, it } from 'vitest';
import { parseVerticalFlag } from './project-vertical-flag.js';

it.each([
  ['consumer', 'CONSUMER'],
  ['CONSUMER', 'CONSUMER'],
  ['b2b', 'B2B'],
  ['none', null],
] as const)('reads %s as %s', (raw, vertical) => {
  expect(parseVerticalFlag(raw)).toEqual({ ok: true, vertical });
});

it.each(['', 'retail', 'toString', '__proto__'])('refuses %j', (raw) => {
  expect(parseVerticalFlag(raw)).toEqual({ ok: false, problem: `Bad --vertical ${raw} (consumer|b2b|none)` });
});
