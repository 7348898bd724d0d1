// Every provider the wire knows is named as its brand writes it, not by its lowercase wire name.
import { OAUTH_PROVIDER_TYPES, oauthProviderName } from '@latchkey/wire/oauth-providers';
import { describe, expect, it } from 'vitest';

describe('oauthProviderName', () => {
  it('names the brands as they write themselves', () => {
    expect(
      ['google', 'github', 'microsoft', 'apple', 'gitlab', 'linkedin', 'tiktok'].map(oauthProviderName),
    ).toEqual(['Google', 'GitHub', 'Microsoft', 'Apple', 'GitLab', 'LinkedIn', 'TikTok']);
  });

  it('never shows a wire name as it is', () => {
    for (const type of OAUTH_PROVIDER_TYPES) {
      expect(oauthProviderName(type), type).not.toBe(type);
      expect(oauthProviderName(type)[0], type).toMatch(/[A-Z]/);
    }
  });
});
