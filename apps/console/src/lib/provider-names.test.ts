// Every provider the wire knows is named as its brand writes it, not by its lowercase wire name.
import { OAUTH_PROVIDER_TYPES } from '@latchkey/wire/oauth-providers';
import { describe, expect, it } from 'vitest';
import { providerName } from './provider-names.js';

describe('providerName', () => {
  it('names the brands as they write themselves', () => {
    expect(
      ['google', 'github', 'microsoft', 'apple', 'gitlab', 'linkedin', 'tiktok'].map(providerName),
    ).toEqual(['Google', 'GitHub', 'Microsoft', 'Apple', 'GitLab', 'LinkedIn', 'TikTok']);
  });

  it('never shows a wire name as it is', () => {
    for (const type of OAUTH_PROVIDER_TYPES) {
      expect(providerName(type), type).not.toBe(type);
      expect(providerName(type)[0], type).toMatch(/[A-Z]/);
    }
  });
});
