/** Which RP IDs and origins a project accepts for passkeys. */
import { describe, expect, it } from 'vitest';
import type { Project } from '../projects/project.js';
import { isOriginAllowedForRpId, isRpIdAllowed, requireAllowedRpId } from './rp-id.js';

const project = (isDev: boolean, allowedOrigins: string[]) => ({ isDev, allowedOrigins }) as Project;
const dev = project(true, []);
const prod = project(false, [
  'https://app.example.com',
  'https://login.example.co.uk',
  'http://localhost:3000',
]);

describe('isRpIdAllowed', () => {
  it.each([
    [dev, 'localhost', true],
    [dev, '127.0.0.1', false],
    [dev, 'example.com', false],
    [prod, 'app.example.com', true],
    [prod, 'example.com', true],
    [prod, 'com', false],
    [prod, 'example.co.uk', true],
    [prod, 'localhost', true],
    [prod, 'sub.app.example.com', false],
    [prod, 'pp.example.com', false],
    [prod, 'APP.example.com', false],
    [prod, 'app.example.com.', false],
    [prod, '-app.example.com', false],
    [prod, `${'a'.repeat(64)}.example.com`, false],
    [project(false, ['https://10.0.0.1']), '10.0.0.1', false],
    [project(false, ['https://[::1]:8443']), '[::1]', false],
  ])('%#: %s', (p, rpId, allowed) => {
    expect(isRpIdAllowed(p, rpId)).toBe(allowed);
  });

  it('lower-cases the domain and says what would be accepted', () => {
    expect(requireAllowedRpId(prod, 'App.Example.COM')).toBe('app.example.com');
    expect(() => requireAllowedRpId(prod, 'evil.test')).toThrow(
      /host name of one of the project's allowed origins/,
    );
    expect(() => requireAllowedRpId(dev, '127.0.0.1')).toThrow(/use localhost/);
  });
});

describe('isOriginAllowedForRpId', () => {
  it.each([
    [dev, 'http://localhost:4100', 'localhost', true],
    [dev, 'http://localhost:1', 'localhost', true],
    [dev, 'https://localhost:4100', 'localhost', false],
    [dev, 'http://127.0.0.1:4100', 'localhost', false],
    [prod, 'https://app.example.com', 'app.example.com', true],
    [prod, 'https://app.example.com', 'example.com', true],
    [prod, 'https://app.example.com:443', 'app.example.com', false],
    [prod, 'https://app.example.com/', 'app.example.com', false],
    [prod, 'http://app.example.com', 'app.example.com', false],
    [prod, 'https://login.example.co.uk', 'example.com', false],
    [prod, 'https://evil.app.example.com', 'app.example.com', false],
    [prod, 'null', 'app.example.com', false],
  ])('%#: %s for %s', (p, origin, rpId, allowed) => {
    expect(isOriginAllowedForRpId(p, origin, rpId)).toBe(allowed);
  });
});
