import { describe, expect, it } from 'vitest';
import { originProblem, redirectUrlProblem } from './url-rules.js';

describe('the console checks origins and redirect URLs as the provider does', () => {
  it.each(['https://app.example.com', 'http://localhost:4000'])('accepts the origin %s', (value) => {
    expect(originProblem(value)).toBeUndefined();
  });
  it.each([
    'https://app.example.com/',
    'https://app.example.com/path',
    'app.example.com',
    'javascript:alert(1)',
    'https://user@app.example.com',
    ' https://app.example.com',
    'ftp://files.example.com',
  ])('refuses the origin %s', (value) => {
    expect(originProblem(value)).toMatch(/Enter an origin/);
  });
  it('refuses redirect URLs that are relative, scripted or contain spaces', () => {
    expect(redirectUrlProblem('https://app.example.com/authenticate?x=1')).toBeUndefined();
    for (const bad of [
      '/authenticate',
      'data:text/html,x',
      'https://a.example.com/a b',
      'https:\\\\evil.com',
    ])
      expect(redirectUrlProblem(bad)).toBeDefined();
  });
});
