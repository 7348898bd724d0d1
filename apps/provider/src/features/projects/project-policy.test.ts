/** Origin and redirect-URL rules (SECURITY C1, C2, I1). */
import { describe, expect, it } from 'vitest';
import type { Project } from './project.js';
import { isLocalDevOrigin, isOriginAllowed, isRedirectUrlAllowed } from './project-policy.js';

const base = {
  allowedOrigins: ['https://ok.com'],
  allowedRedirectUrls: ['https://ok.com/cb'],
  isDev: false,
} as Project;
const dev = { ...base, isDev: true } as Project;

describe('redirect URLs of a configured project: exact string match only', () => {
  it('accepts the listed URL', () => {
    expect(isRedirectUrlAllowed(base, 'https://ok.com/cb')).toBe(true);
  });

  it.each([
    'https://ok.com/cb?x=1',
    'https://ok.com/cb/',
    'https://ok.com/cb#f',
    'https://OK.com/cb',
    'https://ok.com@evil.com/cb',
    'https://ok.com.evil.com/cb',
    'https://evil-ok.com/cb',
    '//evil.com',
    '/\\evil.com',
    'https:evil.com',
    '%2F%2Fevil.com',
    'JaVaScRiPt:alert(1)',
    'data:text/html,x',
    ' https://ok.com/cb',
    'https://ok.com/cb ',
    'https://ok.com/cb\t',
    'https://ok.com./cb',
    'https://ok.com:444/cb',
    'http://ok.com/cb',
    'https://ok.com/cb\u0000',
  ])('rejects %j', (url) => {
    expect(isRedirectUrlAllowed(base, url)).toBe(false);
  });
});

describe('the dev project', () => {
  it.each([
    'http://localhost:4100/authenticate',
    'http://127.0.0.1:3000/x?y=1',
    'http://localhost:4100',
    'http://localhost:65535/',
  ])('accepts local URL %s', (url) => {
    expect(isRedirectUrlAllowed(dev, url)).toBe(true);
  });

  it.each([
    'http://localhost/authenticate',
    'https://localhost:4100/x',
    'http://localhost:4100@evil.com/',
    'http://user:pw@localhost:4100/',
    'http://localhost.evil.com:4100/',
    'http://localhost:4100\\@evil.com/',
    'http://localhost:99999/',
    'http://localhost:0/',
    'http://[::1]:4100/',
    'http://LOCALHOST:4100/',
    ' http://localhost:4100/',
    'http://localhost:4100/ x',
  ])('rejects %j', (url) => {
    expect(isRedirectUrlAllowed(dev, url)).toBe(false);
  });

  it('accepts local origins exactly', () => {
    expect(isLocalDevOrigin('http://localhost:4100')).toBe(true);
    expect(isLocalDevOrigin('http://127.0.0.1:4000')).toBe(true);
    for (const origin of [
      'http://localhost:4100/',
      'https://localhost:4100',
      'http://localhost',
      'null',
      'http://localhost:4100.evil.com',
    ]) {
      expect(isLocalDevOrigin(origin)).toBe(false);
    }
    expect(isOriginAllowed(dev, 'http://localhost:4100')).toBe(true);
    expect(isOriginAllowed(base, 'http://localhost:4100')).toBe(false);
    expect(isOriginAllowed(base, 'https://ok.com')).toBe(true);
    expect(isOriginAllowed(base, 'https://ok.com.evil.com')).toBe(false);
  });
});
