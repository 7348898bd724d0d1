import { OAUTH_PROVIDER_TYPES as CLIENT_PROVIDER_TYPES } from '@latchkey/client';
import { OAUTH_PROVIDER_TYPES as WIRE_PROVIDER_TYPES } from '@latchkey/wire/oauth-providers';
import { describe, expect, it } from 'vitest';
import { createOAuthMethods, OAUTH_PROVIDER_TYPES } from './oauth-script.js';

describe('the script-tag build’s stand-in for client.oauth', () => {
  it('exports the wire’s provider list as methods/oauth.ts does (the client’s index re-exports it from here)', () => {
    expect(OAUTH_PROVIDER_TYPES).toEqual(WIRE_PROVIDER_TYPES);
    expect(OAUTH_PROVIDER_TYPES).toEqual(CLIENT_PROVIDER_TYPES);
  });

  it('has a start for every provider name of the wire, and One Tap, before its code loads', () => {
    const oauth = createOAuthMethods({}) as unknown as Record<string, { start?: unknown }>;
    for (const provider of OAUTH_PROVIDER_TYPES) expect(typeof oauth[provider]?.start).toBe('function');
    expect(typeof oauth.googleOneTap?.start).toBe('function');
  });
});
