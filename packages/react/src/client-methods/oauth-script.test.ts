import { OAUTH_PROVIDER_TYPES as CLIENT_PROVIDER_TYPES } from '@latchkey/client';
import { describe, expect, it } from 'vitest';
import { OAUTH_PROVIDER_TYPES } from './oauth-script.js';

describe('the script-tag build’s stand-in for client.oauth', () => {
  it('lists the same providers as the client, in the same order', () => {
    expect(OAUTH_PROVIDER_TYPES).toEqual(CLIENT_PROVIDER_TYPES);
  });
});
