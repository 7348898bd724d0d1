/** The From of an email: the deployment's LATCHKEY_MAIL_FROM with a project's parts in place. */
import { describe, expect, it } from 'vitest';
import { formatMailFrom, mailFromOf, parseMailFrom } from './mail-sender.js';

describe('mail sender', () => {
  it.each([
    ['Latchkey <no-reply@localhost>', { name: 'Latchkey', address: 'no-reply@localhost' }],
    ['"Acme, Inc." <hi@acme.test>', { name: 'Acme, Inc.', address: 'hi@acme.test' }],
    ['"Say \\"hi\\"" <hi@acme.test>', { name: 'Say "hi"', address: 'hi@acme.test' }],
    ['<bare@acme.test>', { name: '', address: 'bare@acme.test' }],
    ['bare@acme.test', { name: '', address: 'bare@acme.test' }],
  ])('reads LATCHKEY_MAIL_FROM %s', (from, parsed) => {
    expect(parseMailFrom(from)).toEqual(parsed);
  });

  it('replaces only the parts a project sets, and the outbox shows it quoted', () => {
    const deployment = parseMailFrom('Latchkey <no-reply@localhost>');
    expect(mailFromOf(deployment, undefined)).toEqual(deployment);
    expect(mailFromOf(deployment, { name: 'Acme', address: null })).toEqual({
      name: 'Acme',
      address: 'no-reply@localhost',
    });
    expect(mailFromOf(deployment, { name: null, address: 'a@acme.test' })).toEqual({
      name: 'Latchkey',
      address: 'a@acme.test',
    });
    expect(formatMailFrom({ name: 'Say "hi"', address: 'a@acme.test' })).toBe('"Say \\"hi\\"" <a@acme.test>');
    expect(formatMailFrom({ name: '', address: 'a@acme.test' })).toBe('a@acme.test');
    expect(formatMailFrom({ name: 'Latchkey', address: 'no-reply@localhost' })).toBe(
      'Latchkey <no-reply@localhost>',
    );
    expect(formatMailFrom({ name: 'Acme, Inc.', address: 'a@acme.test' })).toBe('"Acme, Inc." <a@acme.test>');
  });
});
