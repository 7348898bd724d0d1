import { describe, expect, it } from 'vitest';
import { createLatchkeyServerClient } from './create-server-client.js';
import { LatchkeyServerError } from './errors.js';

describe('createLatchkeyServerClient options', () => {
  it.each([
    ['a relative provider URL', { providerUrl: '/v1', projectId: 'p' }, 'providerUrl'],
    ['a non-http provider URL', { providerUrl: 'ftp://localhost', projectId: 'p' }, 'providerUrl'],
    ['an empty project id', { providerUrl: 'http://localhost:4000', projectId: '' }, 'projectId'],
    ['an empty secret', { providerUrl: 'http://localhost:4000', projectId: 'p', secret: '' }, 'secret'],
    [
      'a negative cache age',
      { providerUrl: 'http://localhost:4000', projectId: 'p', jwksCacheMaxAgeMs: -1 },
      'jwksCacheMaxAgeMs',
    ],
    [
      'a fractional token cache size',
      { providerUrl: 'http://localhost:4000', projectId: 'p', verifiedTokenCacheMaxEntries: 1.5 },
      'verifiedTokenCacheMaxEntries',
    ],
  ])('throws invalid_argument naming the option for %s', (_label, options, name) => {
    let thrown: unknown;
    try {
      createLatchkeyServerClient(options);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(LatchkeyServerError);
    expect(thrown).toMatchObject({ code: 'invalid_argument' });
    expect((thrown as Error).message).toContain(name);
  });

  it('accepts a minimal configuration and exposes the project id', () => {
    const client = createLatchkeyServerClient({
      providerUrl: 'http://localhost:4000',
      projectId: 'project-test-x',
    });
    expect(client.projectId).toBe('project-test-x');
  });
});
