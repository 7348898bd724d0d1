import { OAUTH_PROVIDER_TYPES } from '@latchkey/wire/oauth-providers';
import { describe, expect, it } from 'vitest';
import { createOAuthMethods } from './oauth-script.js';

describe('the script-tag build’s stand-in for client.oauth', () => {
  it('has a start for every provider name of the wire, and One Tap, before its code loads', () => {
    const oauth = createOAuthMethods({}) as unknown as Record<string, { start?: unknown }>;
    for (const provider of OAUTH_PROVIDER_TYPES) expect(typeof oauth[provider]?.start).toBe('function');
    expect(typeof oauth.googleOneTap?.start).toBe('function');
  });
});
